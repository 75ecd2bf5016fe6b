/*
 * lazylib.c: libraries loaded when first needed. Some of the libraries
 * cex uses for rare pages cost more to load than a whole run of cex on
 * a small page (libuchardet brings libstdc++, libidn2 libunistring),
 * and each one linked adds to the start-up of every run (libjansson for
 * metadata, zlib for gzip archives and bodies, libbrotlidec for br
 * records of web archives): they are opened with dlopen the first time
 * a page needs them.
 */
#include <dlfcn.h>
#include <stddef.h>

#include "cex.h"

/*
 * Opens the library soname and looks up the n functions of names into
 * syms. Returns 0, or -1 (syms all NULL) if the library or one of them
 * is not there. The library stays loaded for the process.
 */
int
lazylib_open(const char *soname, const char *const *names, void **syms,
    size_t n)
{
	void	*lib;
	size_t	 i;

	if ((lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL)) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		if ((syms[i] = dlsym(lib, names[i])) == NULL) {
			while (i > 0)
				syms[--i] = NULL;
			dlclose(lib);
			return -1;
		}
	return 0;
}
