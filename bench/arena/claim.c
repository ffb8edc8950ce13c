/* claim.c - one byte of the lock file per game, locked with fcntl while the
 * game is played (see claim.h). */
#include "claim.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int gr_arena_claims_open(gr_arena_claims *c, const char *out, const char *tid, gr_error *err)
{
    c->fd = -1;
    size_t n = strlen(out) + strlen(tid) + 8;
    char *path = malloc(n);
    if (!path) return gr_error_set(err, "out of memory");
    snprintf(path, n, "%s.%s.lock", out, tid);
    c->fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (c->fd < 0) {
        gr_error_set(err, "cannot open the lock file %s: %s", path, strerror(errno));
        free(path);
        return -1;
    }
    free(path);
    return 0;
}

static int lock_byte(int fd, long index, short type, int *saved)
{
    struct flock fl;
    memset(&fl, 0, sizeof fl);
    fl.l_type = type;
    fl.l_whence = SEEK_SET;
    fl.l_start = (off_t)index;
    fl.l_len = 1;
    int rc;
    do {
        rc = fcntl(fd, F_SETLK, &fl);
    } while (rc < 0 && errno == EINTR);
    *saved = rc < 0 ? errno : 0;
    return rc;
}

int gr_arena_claim(gr_arena_claims *c, long index, gr_error *err)
{
    int saved;
    if (lock_byte(c->fd, index, F_WRLCK, &saved) == 0) return 1;
    if (saved == EAGAIN || saved == EACCES) return 0;
    return gr_error_set(err, "cannot claim game %ld: %s", index, strerror(saved));
}

void gr_arena_unclaim(gr_arena_claims *c, long index)
{
    int saved;
    (void)lock_byte(c->fd, index, F_UNLCK, &saved);
}

void gr_arena_claims_close(gr_arena_claims *c)
{
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
}
