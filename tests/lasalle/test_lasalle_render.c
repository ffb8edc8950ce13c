/* test_lasalle_render.c - what `grognard render` and `grognard show` are
 * given of a Lasalle position: every base of a unit in BW, its formation,
 * DISR and command in the map's words, a DISR marker a DISR behind the unit
 * [B Disruption, p.18], the officers with vigor and tactics [H, p.72-73],
 * and the text summary in the book's terms (formations [B, p.12-14], the
 * breakpoint [F, p.66], Deployed(Town) and its town base [G, p.69]). */
#include "lasalle_fixture.h"

#define FR_LINE LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 6, 90)

static void test_items(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 1, "[" FR_LINE "]", "[" LS_FAR "]", "");
    f.st.u[0].disr = 2;
    gr_render_item items[32];
    int n = f.g.rs->present->render_items(f.s, &f.st, items, 32);
    /* two units, four officers, two DISR markers */
    assert_int_equal(n, 2 + 4 + 2);
    assert_int_equal(items[0].kind, GR_PIECE_UNIT);
    assert_int_equal(items[0].nbases, 4);
    assert_string_equal(items[0].label, "1/45e Ligne");
    assert_string_equal(items[0].detail, "u0 line, 2 DISR");
    assert_true(items[0].worn);
    /* each base 1 BW wide, the line's front edge centred on the unit's */
    for (int k = 0; k < 4; k++) LS_ASSERT_NEAR(items[0].base[k][3], 1);
    LS_ASSERT_NEAR(items[0].base[0][0], 14.5);
    LS_ASSERT_NEAR(items[0].base[3][0], 17.5);
    LS_ASSERT_NEAR(items[0].base[0][1], 6);
    /* the officers: a subcommander shows his vigor, a commander none */
    int sub = -1, cmd = -1;
    for (int i = 0; i < n; i++) {
        if (items[i].kind != GR_PIECE_COMMANDER || items[i].side != 0) continue;
        if (strstr(items[i].detail, "subcommander")) sub = i;
        else cmd = i;
    }
    assert_true(sub >= 0 && cmd >= 0);
    assert_string_equal(items[sub].label, "GdB Blue");
    LS_ASSERT_HAS(items[sub].detail, "subcommander, vigor +1");
    LS_ASSERT_HAS(items[cmd].detail, "commander");
    /* the markers: neutral discs behind the rear edge (the line faces +y: behind is smaller y), side by side */
    for (int i = n - 2; i < n; i++) {
        assert_int_equal(items[i].kind, GR_PIECE_MARKER);
        assert_int_equal(items[i].side, -1);
        assert_true(items[i].base[0][1] < 6 - 0.1);
    }
    assert_true(fabs(items[n - 2].base[0][0] - items[n - 1].base[0][0]) > 0.5);
    ls_free(&f);
}

/* the summary: formations and the breakpoint in the book's words */
static void test_summary(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE ", " LS_INF("2/45e Ligne", "small", "experienced", "column", 8, 6, 90) "]",
            "[" LS_FAR "]", "");
    f.st.u[0].disr = 1;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    f.g.rs->present->summary(f.s, &f.st, m);
    fclose(m);
    LS_ASSERT_HAS(buf, "Attack Column");
    LS_ASSERT_HAS(buf, "Line ");
    LS_ASSERT_HAS(buf, ", 1 DISR of 4");
    /* two small units of morale 2 each: losses past a third of 4 (F, p.66) */
    LS_ASSERT_HAS(buf, "French: army morale 4, losses 0, breakpoint at losses of 2");
    free(buf);
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_items),
        cmocka_unit_test(test_summary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
