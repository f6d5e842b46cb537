/* A test shim, preloaded into bocage-gen: fsync(2) fails with ENOSPC for the
   files whose path contains $BOCAGE_FAIL_FSYNC, as on a file system (ext4
   with delayed allocation, XFS, NFS) that reports a full disk only when the
   data is flushed. Every other call goes to the real fsync. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int fsync(int fd) {
  const char* match = getenv("BOCAGE_FAIL_FSYNC");
  if (match && *match) {
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n > 0) {
      path[n] = '\0';
      if (strstr(path, match)) {
        errno = ENOSPC;
        return -1;
      }
    }
  }
  int (*real)(int);
  void* sym = dlsym(RTLD_NEXT, "fsync");
  memcpy(&real, &sym, sizeof real);
  return real(fd);
}
