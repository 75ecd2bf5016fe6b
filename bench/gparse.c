/*
 * gparse: the floor cex's speed is measured against. Reads each file
 * named, parses it with gumbo's defaults and frees the tree; nothing
 * else. Prints the bytes parsed.
 */
#include <stdio.h>
#include <stdlib.h>

#include <gumbo.h>

int
main(int argc, char *argv[])
{
	size_t	 total = 0, n;
	long	 size;
	char	*buf;
	FILE	*f;
	int	 i;

	for (i = 1; i < argc; i++) {
		if ((f = fopen(argv[i], "rb")) == NULL) {
			perror(argv[i]);
			return 1;
		}
		if (fseek(f, 0, SEEK_END) == -1 || (size = ftell(f)) < 0 ||
		    fseek(f, 0, SEEK_SET) == -1 ||
		    (buf = malloc(size + 1)) == NULL) {
			perror(argv[i]);
			return 1;
		}
		n = fread(buf, 1, size, f);
		fclose(f);
		GumboOutput *out = gumbo_parse_with_options(
		    &kGumboDefaultOptions, buf, n);
		gumbo_destroy_output(&kGumboDefaultOptions, out);
		free(buf);
		total += n;
	}
	printf("%zu bytes\n", total);
	return 0;
}
