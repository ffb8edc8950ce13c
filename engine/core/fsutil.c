/* fsutil.c - whole-file reads with a size limit, and atomic writes: the data
 * goes to a fresh temporary file beside the target, is flushed to disk, and
 * only then renamed over the target. Any failure removes the temporary file
 * and leaves whatever was at the target untouched. */
#include "fsutil.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *gr_read_file(const char *path, size_t max_bytes, size_t *len, gr_error *err)
{
    if (len) *len = 0;
    if (!path) {
        gr_error_set(err, "no file name given");
        return NULL;
    }
    int fd;
    do {
        fd = open(path, O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        gr_error_set(err, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        gr_error_set(err, "cannot read %s: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    if (S_ISDIR(st.st_mode)) {
        gr_error_set(err, "cannot read %s: %s", path, strerror(EISDIR));
        close(fd);
        return NULL;
    }
    if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > (uintmax_t)max_bytes) {
        gr_error_set(err, "%s is too large: %jd bytes, the limit is %zu", path,
                     (intmax_t)st.st_size, max_bytes);
        close(fd);
        return NULL;
    }
    /* Read in chunks: the size may change under us, and pipes have none. */
    if (max_bytes == SIZE_MAX) max_bytes--;
    /* room for the known size, its NUL, and a byte to see end of file at once */
    size_t cap = S_ISREG(st.st_mode) && st.st_size > 0 ? (size_t)st.st_size : 4094;
    cap = cap < max_bytes ? cap + 2 : max_bytes + 1;
    char *buf = malloc(cap);
    if (!buf) {
        gr_error_set(err, "cannot read %s: out of memory", path);
        close(fd);
        return NULL;
    }
    size_t n = 0;
    for (;;) {
        if (n + 1 >= cap) {
            if (n >= max_bytes) {
                /* one more byte tells "exactly the limit" from "too large" */
                char probe;
                ssize_t k;
                do {
                    k = read(fd, &probe, 1);
                } while (k < 0 && errno == EINTR);
                if (k == 0) break;
                if (k > 0)
                    gr_error_set(err, "%s is too large: more than the limit of %zu bytes",
                                 path, max_bytes);
                else
                    gr_error_set(err, "cannot read %s: %s", path, strerror(errno));
                free(buf);
                close(fd);
                return NULL;
            }
            size_t ncap = cap * 2;
            if (ncap < cap || ncap > max_bytes + 1) ncap = max_bytes + 1;
            char *nb = realloc(buf, ncap);
            if (!nb) {
                gr_error_set(err, "cannot read %s: out of memory", path);
                free(buf);
                close(fd);
                return NULL;
            }
            buf = nb;
            cap = ncap;
        }
        ssize_t k = read(fd, buf + n, cap - 1 - n);
        if (k < 0) {
            if (errno == EINTR) continue;
            gr_error_set(err, "cannot read %s: %s", path, strerror(errno));
            free(buf);
            close(fd);
            return NULL;
        }
        if (k == 0) break;
        n += (size_t)k;
    }
    close(fd);
    buf[n] = '\0';
    if (len) *len = n;
    return buf;
}

/* Best effort: makes the rename itself durable. */
static void sync_parent_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (!slash) {
        snprintf(dir, sizeof dir, ".");
    } else if (slash == path) {
        snprintf(dir, sizeof dir, "/");
    } else {
        size_t dl = (size_t)(slash - path);
        if (dl >= sizeof dir) return;
        memcpy(dir, path, dl);
        dir[dl] = '\0';
    }
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    (void)fsync(fd);
    close(fd);
}

int gr_write_atomic(const char *path, const void *data, size_t len, gr_error *err)
{
    if (!path || !*path) return gr_error_set(err, "no file name given");
    if (!data && len) return gr_error_set(err, "cannot write %s: no data", path);
    static const char suffix[] = ".tmp.XXXXXX";
    size_t pl = strlen(path);
    char *tmp = malloc(pl + sizeof suffix);
    if (!tmp) return gr_error_set(err, "cannot write %s: out of memory", path);
    memcpy(tmp, path, pl);
    memcpy(tmp + pl, suffix, sizeof suffix);

    int fd = mkstemp(tmp);
    if (fd < 0) {
        gr_error_set(err, "cannot create a temporary file for %s: %s", path, strerror(errno));
        free(tmp);
        return -1;
    }
    /* mkstemp makes 0600; keep the mode of a file we replace, else 0644. */
    struct stat st;
    mode_t mode = (stat(path, &st) == 0 && S_ISREG(st.st_mode)) ? (st.st_mode & 07777) : 0644;
    (void)fchmod(fd, mode);

    const char *p = data;
    size_t left = len;
    const char *what = "write";
    int saved = 0;
    while (left > 0) {
        ssize_t k = write(fd, p, left);
        if (k < 0) {
            if (errno == EINTR) continue;
            saved = errno;
            break;
        }
        if (k == 0) {
            saved = EIO;
            break;
        }
        p += k;
        left -= (size_t)k;
    }
    if (!saved && fsync(fd) != 0) {
        saved = errno;
        what = "sync";
    }
    if (close(fd) != 0 && !saved) {
        saved = errno;
        what = "close";
    }
    if (!saved && rename(tmp, path) != 0) {
        saved = errno;
        what = "rename the temporary file onto";
    }
    if (saved) {
        unlink(tmp);
        free(tmp);
        return gr_error_set(err, "cannot %s %s: %s", what, path, strerror(saved));
    }
    free(tmp);
    sync_parent_dir(path);
    return 0;
}

int gr_find_data(const char *rel, char *buf, size_t cap)
{
    char cand[4096];
    const char *root = getenv("GROGNARD_ROOT");
    if (root && *root) {
        snprintf(cand, sizeof cand, "%s/%s", root, rel);
        if (access(cand, R_OK) == 0) goto found;
    }
    snprintf(cand, sizeof cand, "%s", rel);
    if (access(cand, R_OK) == 0) goto found;
    /* build/grognard, build/san/grognard, build/san/tests/x: up to three levels */
    char exe[2048];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        for (int up = 1; up <= 3; up++) {
            char *slash = strrchr(exe, '/');
            if (!slash) break;
            *slash = 0;
            snprintf(cand, sizeof cand, "%s/../%s", exe, rel);
            if (access(cand, R_OK) == 0) goto found;
        }
    }
    return -1;
found:
    if (strlen(cand) >= cap) return -1;
    memcpy(buf, cand, strlen(cand) + 1);
    return 0;
}
