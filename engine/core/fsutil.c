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
#include <dirent.h>
#include <time.h>
#include <unistd.h>

int gr_open_read(const char *path, gr_error *err)
{
    int fd;
    /* Non-blocking, so a FIFO with no writer cannot hang the open; reads
     * then block as usual (a FIFO with no writer reads as empty). */
    do {
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        gr_error_set(err, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
        gr_error_set(err, "cannot read %s: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}

char *gr_read_file(const char *path, size_t max_bytes, size_t *len, gr_error *err)
{
    if (len) *len = 0;
    if (!path) {
        gr_error_set(err, "no file name given");
        return NULL;
    }
    int fd = gr_open_read(path, err);
    if (fd < 0) return NULL;
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

/* Writes all of data to fd; 0 or the errno of the failure. */
static int write_all(int fd, const void *data, size_t len)
{
    const char *p = data;
    while (len > 0) {
        ssize_t k = write(fd, p, len);
        if (k < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (k == 0) return EIO;
        p += k;
        len -= (size_t)k;
    }
    return 0;
}

/* A FIFO or character device (/dev/null, a terminal) is written to as it
 * is: replacing it with a file would destroy it. A FIFO nobody reads is
 * refused rather than waited on. */
static int write_through(const char *path, const void *data, size_t len, gr_error *err)
{
    int fd;
    do {
        fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return gr_error_set(err, "cannot write %s: %s", path,
                            errno == ENXIO ? "a FIFO that nothing reads" : strerror(errno));
    int fl = fcntl(fd, F_GETFL);
    int saved = (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) ? errno : 0;
    if (!saved) saved = write_all(fd, data, len);
    if (close(fd) != 0 && !saved) saved = errno;
    return saved ? gr_error_set(err, "cannot write %s: %s", path, strerror(saved)) : 0;
}

/* Temporary files of this target older than this were left by a writer that
 * was killed; the next write removes them. */
#define GR_STALE_TMP_SECONDS 60

static void remove_stale_tmps(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t dl = slash ? (size_t)(slash - path) + 1 : 0, bl = strlen(base);
    char dir[4096];
    if (dl + 1 >= sizeof dir) return;
    memcpy(dir, path, dl);
    dir[dl] = 0;
    DIR *d = opendir(dl ? dir : ".");
    if (!d) return;
    time_t now = time(NULL);
    struct dirent *e;
    char cand[4096];
    while ((e = readdir(d))) {
        /* exactly BASE.tmp.XXXXXX */
        if (strlen(e->d_name) != bl + 11 || strncmp(e->d_name, base, bl) || strncmp(e->d_name + bl, ".tmp.", 5))
            continue;
        size_t nl = strlen(e->d_name);
        if (dl + nl >= sizeof cand) continue;
        memcpy(cand, dir, dl);
        memcpy(cand + dl, e->d_name, nl + 1);
        struct stat st;
        if (lstat(cand, &st) == 0 && S_ISREG(st.st_mode) && now - st.st_mtime > GR_STALE_TMP_SECONDS) unlink(cand);
    }
    closedir(d);
}

static int write_replace(const char *path, const void *data, size_t len, gr_error *err);

int gr_write_atomic(const char *path, const void *data, size_t len, gr_error *err)
{
    if (!path || !*path) return gr_error_set(err, "no file name given");
    if (!data && len) return gr_error_set(err, "cannot write %s: no data", path);
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        /* a link: the file it names is the one written */
        char *real = realpath(path, NULL);
        if (!real) return gr_error_set(err, "cannot write %s: the link leads nowhere (%s)", path, strerror(errno));
        int rc = gr_write_atomic(real, data, len, err);
        free(real);
        return rc;
    }
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) return gr_error_set(err, "cannot write %s: it is a folder", path);
        if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)) return write_through(path, data, len, err);
        if (!S_ISREG(st.st_mode))
            return gr_error_set(err, "cannot write %s: not a regular file, and it is not replaced", path);
    }
    remove_stale_tmps(path);
    return write_replace(path, data, len, err);
}

static int write_replace(const char *path, const void *data, size_t len, gr_error *err)
{
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

    const char *what = "write";
    int saved = write_all(fd, data, len);
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

int gr_path_copy(char *buf, size_t cap, const char *path, const char *what, gr_error *err)
{
    size_t n = strlen(path);
    if (n >= cap)
        return gr_error_set(err, "%s: the path is %zu bytes long, at most %zu are taken", what, n, cap - 1);
    memcpy(buf, path, n + 1);
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
