/*
 * maxrss: runs a command and prints its peak resident memory in kB
 * (make bench), its output going where the command's would.
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
	struct rusage	 ru;
	pid_t		 pid;
	int		 status;

	if (argc < 2) {
		fprintf(stderr, "usage: maxrss command [arg ...]\n");
		return 2;
	}
	if ((pid = fork()) == -1) {
		perror("maxrss: fork");
		return 1;
	}
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		perror(argv[1]);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) == -1) {
		perror("maxrss: wait4");
		return 1;
	}
	fprintf(stderr, "%ld\n", ru.ru_maxrss);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
