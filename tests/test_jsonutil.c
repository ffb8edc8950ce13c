/* test_jsonutil.c - the JSON readers' limits as a player meets them: a
 * string too long for its field is measured in characters and in the bytes
 * the field holds, and a JSON file read from a FIFO or a stream is bounded
 * like any file. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../engine/core/jsonutil.h"

static void test_utf8_chars(void **unused)
{
    (void)unused;
    assert_int_equal(gr_utf8_chars(""), 0);
    assert_int_equal(gr_utf8_chars("Ney"), 3);
    assert_int_equal(gr_utf8_chars("Lannes \xc3\xa9l\xc3\xa8ve"), 12); /* two 2-byte letters */
}

static void test_string_too_long_counts_both(void **unused)
{
    (void)unused;
    /* "Württemberg": 11 characters in 12 bytes, for a field of 10 bytes */
    json_t *o = json_pack("{s:s}", "name", "W\xc3\xbcrttemberg");
    assert_non_null(o);
    char out[11];
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_json_string(o, "$", "name", true, out, sizeof out, &err), -1);
    assert_string_equal(err.msg, "$.name: string too long (11 characters in 12 bytes, at most 10 bytes)");
    json_decref(o);
}

static void test_load_file_from_fifo_and_stream(void **unused)
{
    (void)unused;
    char dir[] = "/tmp/gr_jsonutil_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char fifo[64];
    snprintf(fifo, sizeof fifo, "%s/f.json", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    gr_error err;
    gr_error_clear(&err);
    /* no writer: an empty file, said at once */
    assert_null(gr_json_load_file(fifo, &err));
    assert_non_null(strstr(err.msg, "f.json:1:0:"));
    unlink(fifo);
    rmdir(dir);
    /* an endless stream stops at the limit */
    gr_error_clear(&err);
    assert_null(gr_json_load_file("/dev/zero", &err));
    assert_string_equal(err.msg, "/dev/zero is too large: more than the limit of 16777216 bytes");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_utf8_chars),
        cmocka_unit_test(test_string_too_long_counts_both),
        cmocka_unit_test(test_load_file_from_fifo_and_stream),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
