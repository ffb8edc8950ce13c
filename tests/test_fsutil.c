/* test_fsutil.c - whole-file reads (size limit, missing files, folders) and
 * atomic writes (read back, replace, and failures that leave nothing behind
 * and the old contents intact; FIFOs, pipes, links and folders as targets and
 * sources; stale temporary files). Each test works in its own folder from mkdtemp. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../engine/core/fsutil.h"

typedef struct tmpdir {
    char dir[64];
} tmpdir;

static int setup_dir(void **state)
{
    tmpdir *t = malloc(sizeof *t);
    if (!t) return -1;
    snprintf(t->dir, sizeof t->dir, "/tmp/gr_fsutil_XXXXXX");
    if (!mkdtemp(t->dir)) {
        free(t);
        return -1;
    }
    *state = t;
    return 0;
}

/* Removes the folder's files (one level, plus empty subfolders) and itself. */
static int teardown_dir(void **state)
{
    tmpdir *t = *state;
    DIR *d = opendir(t->dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            char p[512];
            snprintf(p, sizeof p, "%s/%s", t->dir, e->d_name);
            if (unlink(p) != 0) {
                /* a subfolder holding at most one file, made by a test */
                char q[600];
                snprintf(q, sizeof q, "%s/keep", p);
                unlink(q);
                rmdir(p);
            }
        }
        closedir(d);
    }
    rmdir(t->dir);
    free(t);
    return 0;
}

static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    closedir(d);
    return n;
}

static void write_plain(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static void test_fsutil_write_then_read(void **state)
{
    tmpdir *t = *state;
    char path[256];
    snprintf(path, sizeof path, "%s/save.json", t->dir);
    gr_error err;
    gr_error_clear(&err);
    const char text[] = "{\"hello\": \"Borodino\"}\n";
    assert_int_equal(gr_write_atomic(path, text, strlen(text), &err), 0);
    assert_int_equal(err.set, 0);
    assert_int_equal(count_entries(t->dir), 1);   /* no temporary left over */

    size_t len = 99;
    char *back = gr_read_file(path, 1 << 20, &len, &err);
    assert_non_null(back);
    assert_int_equal(len, strlen(text));
    assert_string_equal(back, text);
    free(back);

    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0644);
}

static void test_fsutil_write_replaces(void **state)
{
    tmpdir *t = *state;
    char path[256];
    snprintf(path, sizeof path, "%s/save.json", t->dir);
    write_plain(path, "old contents that are rather longer than the new");
    assert_int_equal(chmod(path, 0640), 0);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_write_atomic(path, "new", 3, &err), 0);
    char *back = gr_read_file(path, 100, NULL, &err);
    assert_non_null(back);
    assert_string_equal(back, "new");
    free(back);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0640);   /* mode of the replaced file kept */
    assert_int_equal(count_entries(t->dir), 1);
}

static void test_fsutil_write_empty(void **state)
{
    tmpdir *t = *state;
    char path[256];
    snprintf(path, sizeof path, "%s/empty", t->dir);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_write_atomic(path, "", 0, &err), 0);
    size_t len = 5;
    char *back = gr_read_file(path, 10, &len, &err);
    assert_non_null(back);
    assert_int_equal(len, 0);
    assert_string_equal(back, "");
    free(back);
}

static void test_fsutil_write_missing_dir(void **state)
{
    tmpdir *t = *state;
    char path[256];
    snprintf(path, sizeof path, "%s/no/such/dir/save.json", t->dir);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_write_atomic(path, "x", 1, &err), -1);
    assert_int_equal(err.set, 1);
    assert_non_null(strstr(err.msg, path));
    assert_non_null(strstr(err.msg, "No such file or directory"));
    assert_int_equal(count_entries(t->dir), 0);
}

static void test_fsutil_write_failure_keeps_original(void **state)
{
    /* the target is a non-empty folder: refused before anything is
     * written, no temporary file left, the folder and its file intact */
    tmpdir *t = *state;
    char path[256], keep[300];
    snprintf(path, sizeof path, "%s/target", t->dir);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(keep, sizeof keep, "%s/keep", path);
    write_plain(keep, "precious");
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_write_atomic(path, "data", 4, &err), -1);
    assert_non_null(strstr(err.msg, "it is a folder"));
    assert_int_equal(count_entries(t->dir), 1);
    char *back = gr_read_file(keep, 100, NULL, &err);
    assert_non_null(back);
    assert_string_equal(back, "precious");
    free(back);
}

static void test_fsutil_read_missing(void **state)
{
    tmpdir *t = *state;
    char path[256], want[400];
    snprintf(path, sizeof path, "%s/absent.json", t->dir);
    snprintf(want, sizeof want, "cannot open %s: No such file or directory", path);
    gr_error err;
    gr_error_clear(&err);
    size_t len = 7;
    assert_null(gr_read_file(path, 100, &len, &err));
    assert_int_equal(len, 0);
    assert_string_equal(err.msg, want);
}

static void test_fsutil_read_cap_exceeded(void **state)
{
    tmpdir *t = *state;
    char path[256];
    snprintf(path, sizeof path, "%s/big", t->dir);
    write_plain(path, "0123456789");
    gr_error err;
    gr_error_clear(&err);
    assert_null(gr_read_file(path, 9, NULL, &err));
    assert_non_null(strstr(err.msg, "too large"));
    assert_non_null(strstr(err.msg, "the limit is 9"));
    /* exactly at the limit is fine */
    gr_error_clear(&err);
    size_t len;
    char *back = gr_read_file(path, 10, &len, &err);
    assert_non_null(back);
    assert_int_equal(len, 10);
    free(back);
}

static void test_fsutil_read_stream_cap(void **state)
{
    /* a file without a known size (a pipe-like /proc file) is bounded too */
    (void)state;
    gr_error err;
    gr_error_clear(&err);
    if (access("/proc/self/status", R_OK) != 0) skip();
    assert_null(gr_read_file("/proc/self/status", 16, NULL, &err));
    assert_non_null(strstr(err.msg, "too large"));
    gr_error_clear(&err);
    size_t len;
    char *all = gr_read_file("/proc/self/status", 1 << 20, &len, &err);
    assert_non_null(all);
    assert_true(len > 16);
    assert_int_equal(strlen(all), len);
    free(all);
}

static void test_fsutil_read_directory(void **state)
{
    tmpdir *t = *state;
    gr_error err;
    gr_error_clear(&err);
    assert_null(gr_read_file(t->dir, 100, NULL, &err));
    assert_non_null(strstr(err.msg, "Is a directory"));
}

static void test_fsutil_read_fifo_without_writer(void **state)
{
    /* a FIFO nobody writes to reads as empty at once: the open does not wait */
    tmpdir *t = *state;
    char path[128];
    snprintf(path, sizeof path, "%s/fifo", t->dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    gr_error err;
    gr_error_clear(&err);
    size_t len = 99;
    char *text = gr_read_file(path, 100, &len, &err);
    assert_non_null(text);
    assert_int_equal(len, 0);
    free(text);
}

static void test_fsutil_read_pipe_cap(void **state)
{
    /* a pipe has no size to check first: its reading stops at the limit */
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    char block[300];
    memset(block, 'x', sizeof block);
    assert_int_equal(write(fds[1], block, sizeof block), (ssize_t)sizeof block);
    close(fds[1]);
    char path[64];
    snprintf(path, sizeof path, "/dev/fd/%d", fds[0]);
    gr_error err;
    gr_error_clear(&err);
    assert_null(gr_read_file(path, 100, NULL, &err));
    assert_non_null(strstr(err.msg, "too large: more than the limit of 100 bytes"));
    close(fds[0]);
}

static void test_fsutil_write_through_fifo(void **state)
{
    /* a FIFO named as the target is written to, never replaced by a file */
    tmpdir *t = *state;
    char path[128];
    snprintf(path, sizeof path, "%s/fifo", t->dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_write_atomic(path, "x", 1, &err), -1);
    assert_non_null(strstr(err.msg, "a FIFO that nothing reads"));
    int rd = open(path, O_RDONLY | O_NONBLOCK);
    assert_true(rd >= 0);
    assert_int_equal(gr_write_atomic(path, "hello", 5, &err), 0);
    char back[16] = {0};
    assert_int_equal(read(rd, back, sizeof back - 1), 5);
    assert_string_equal(back, "hello");
    close(rd);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    assert_int_equal(count_entries(t->dir), 1);
}

static void test_fsutil_write_through_link(void **state)
{
    /* a link stays a link: the file it names gets the new contents */
    tmpdir *t = *state;
    char target[128], link[128];
    snprintf(target, sizeof target, "%s/target", t->dir);
    snprintf(link, sizeof link, "%s/link", t->dir);
    write_plain(target, "old");
    assert_int_equal(symlink(target, link), 0);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_write_atomic(link, "new", 3, &err), 0);
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    char *back = gr_read_file(target, 100, NULL, &err);
    assert_non_null(back);
    assert_string_equal(back, "new");
    free(back);
}

static void test_fsutil_write_removes_stale_tmps(void **state)
{
    /* a writer killed mid-write leaves TARGET.tmp.XXXXXX; an old one goes at
     * the next write of that target, a fresh one (maybe being written) stays */
    tmpdir *t = *state;
    char path[128], stale[160], fresh[160], other[160];
    snprintf(path, sizeof path, "%s/save.json", t->dir);
    snprintf(stale, sizeof stale, "%s.tmp.AAAAAA", path);
    snprintf(fresh, sizeof fresh, "%s.tmp.BBBBBB", path);
    snprintf(other, sizeof other, "%s/other.json.tmp.CCCCCC", t->dir);
    write_plain(stale, "half");
    write_plain(fresh, "half");
    write_plain(other, "half");
    struct timespec old[2] = {{.tv_sec = time(NULL) - 3600}, {.tv_sec = time(NULL) - 3600}};
    assert_int_equal(utimensat(AT_FDCWD, stale, old, 0), 0);
    assert_int_equal(utimensat(AT_FDCWD, other, old, 0), 0);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_write_atomic(path, "{}", 2, &err), 0);
    assert_int_equal(access(stale, F_OK), -1);
    assert_int_equal(access(fresh, F_OK), 0);
    assert_int_equal(access(other, F_OK), 0);
}

static void test_fsutil_path_copy(void **state)
{
    /* a path is used as given or refused, never cut short */
    (void)state;
    char buf[8];
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_path_copy(buf, sizeof buf, "a/b.json", "--save", &err), -1);
    assert_string_equal(err.msg, "--save: the path is 8 bytes long, at most 7 are taken");
    assert_int_equal(gr_path_copy(buf, sizeof buf, "b.json", "--save", &err), 0);
    assert_string_equal(buf, "b.json");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_fsutil_write_then_read, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_fsutil_write_replaces, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_fsutil_write_empty, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_fsutil_write_missing_dir, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_fsutil_write_failure_keeps_original, setup_dir,
                                        teardown_dir),
        cmocka_unit_test_setup_teardown(test_fsutil_read_missing, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_fsutil_read_cap_exceeded, setup_dir, teardown_dir),
        cmocka_unit_test(test_fsutil_read_stream_cap),
        cmocka_unit_test_setup_teardown(test_fsutil_read_directory, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_fsutil_read_fifo_without_writer, setup_dir, teardown_dir),
        cmocka_unit_test(test_fsutil_read_pipe_cap),
        cmocka_unit_test_setup_teardown(test_fsutil_write_through_fifo, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_fsutil_write_through_link, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_fsutil_write_removes_stale_tmps, setup_dir, teardown_dir),
        cmocka_unit_test(test_fsutil_path_copy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
