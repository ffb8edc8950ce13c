/* test_svg.c - the SVG table renderer: structure of the output (balanced
 * elements, one polygon per base, escaped text, y flipped so side 0's edge
 * is at the bottom), bad input refused, and all-or-nothing file writing;
 * the label placer (svg_labels.h), and the labels of crowded scenarios'
 * maps read back from their data-box attributes, none overlapping. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../cli/session.h"
#include "../cli/svg.h"
#include "../cli/svg_labels.h"
#include "../engine/registry.h"
#include "../engine/fogn/fogn.h"

#define T_W 24.0
#define T_H 16.0
#define T_SCALE 20.0

typedef struct fixture {
    gr_terrain terrain;
    gr_render_item items[3];
    gr_svg_objective obj[1];
    gr_svg_loc loc[2];
    gr_svg_input in;
} fixture;

static void add_piece(gr_terrain *t, const char *name, int type, int shape, double width,
                      int n, const double *xy)
{
    gr_terrain_piece *p = &t->p[t->n++];
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "%s", name);
    p->type = (unsigned char)type;
    p->shape = (unsigned char)shape;
    p->width = width;
    p->npts = n;
    for (int i = 0; i < n; i++) {
        p->pts[i].x = xy[2 * i];
        p->pts[i].y = xy[2 * i + 1];
    }
}

/* Four bases side by side, front edges on the line y = y, facing `h`. */
static void line_of_four(gr_render_item *it, int side, const char *label, double x, double y, double h)
{
    memset(it, 0, sizeof *it);
    it->side = side;
    snprintf(it->label, sizeof it->label, "%s", label);
    snprintf(it->detail, sizeof it->detail, "line, steady");
    it->nbases = 4;
    for (int i = 0; i < 4; i++) {
        double off = (i - 1.5) * 2.0;
        it->base[i][0] = x + sin(h) * off;
        it->base[i][1] = y - cos(h) * off;
        it->base[i][2] = h;
        it->base[i][3] = 2.0;
        it->base[i][4] = 1.0;
    }
}

static fixture *make_fixture(void)
{
    fixture *fx = calloc(1, sizeof *fx);
    assert_non_null(fx);
    fx->terrain.table_w = T_W;
    fx->terrain.table_h = T_H;
    add_piece(&fx->terrain, "Bois de Boulogne", GR_T_DENSE_WOOD, GR_SHAPE_POLYGON, 0, 4,
              (double[]){2, 9, 7, 9, 7, 13, 2, 13});
    add_piece(&fx->terrain, "River Dyle", GR_T_RIVER, GR_SHAPE_POLYLINE, 1.0, 3,
              (double[]){0, 6, 12, 7, 24, 6});
    add_piece(&fx->terrain, "Road", GR_T_ROAD, GR_SHAPE_POLYLINE, 0.8, 2,
              (double[]){12, 0, 12, 16});
    /* side 0 faces up the table from near its own edge; side 1 faces down */
    line_of_four(&fx->items[0], 0, "1/45e Ligne", 8, 1, M_PI / 2);
    line_of_four(&fx->items[1], 1, "IR 4 & <Hoch>", 16, 14, -M_PI / 2);
    fx->items[1].broken = 1;
    fx->items[0].worn = 1;
    fx->obj[0] = (gr_svg_objective){"Hill \"A\"", 12, 8, 2, -1};
    fx->loc[0] = (gr_svg_loc){0, 12, 1.125};
    fx->loc[1] = (gr_svg_loc){1, 12, 14.875};
    gr_svg_input *in = &fx->in;
    in->terrain = &fx->terrain;
    in->items = fx->items;
    in->nitems = 2;
    in->side_name[0] = "French";
    in->side_name[1] = "Austrian";
    in->objectives = fx->obj;
    in->nobjectives = 1;
    in->locs = fx->loc;
    in->nlocs = 2;
    in->title = "Test table";
    in->move = 2;
    in->phase = "movement";
    in->scale = T_SCALE;
    return fx;
}

/* Renders to a malloc'd string (asserting success). */
static char *render(const gr_svg_input *in)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    assert_non_null(m);
    gr_error err = {0};
    int rc = gr_svg_render(m, in, &err);
    assert_int_equal(fclose(m), 0);
    if (rc != 0) fail_msg("render failed: %s", err.msg);
    assert_false(err.set);
    assert_non_null(buf);
    assert_int_equal(strlen(buf), len);
    return buf;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    size_t nl = strlen(needle);
    for (const char *p = strstr(hay, needle); p; p = strstr(p + nl, needle)) n++;
    return n;
}

/* "<g" followed by a space or '>', so "<g" does not match other tags. */
static int count_open_g(const char *s)
{
    int n = 0;
    for (const char *p = strstr(s, "<g"); p; p = strstr(p + 2, "<g"))
        if (p[2] == ' ' || p[2] == '>') n++;
    return n;
}

static void assert_balanced(const char *s)
{
    assert_int_equal(count_open_g(s), count(s, "</g>"));
    assert_int_equal(count(s, "<svg"), 1);
    assert_int_equal(count(s, "</svg>"), 1);
    assert_int_equal(count(s, "<text"), count(s, "</text>"));
    assert_int_equal(count(s, "<pattern"), count(s, "</pattern>"));
    assert_int_equal(count(s, "<clipPath"), count(s, "</clipPath>"));
    assert_int_equal(count(s, "<defs>"), count(s, "</defs>"));
    /* the renderer self-closes every other element; nothing follows </svg> */
    const char *end = strstr(s, "</svg>");
    assert_string_equal(end, "</svg>\n");
}

static void test_structure_and_labels(void **state)
{
    (void)state;
    fixture *fx = make_fixture();
    char *s = render(&fx->in);
    assert_true(strncmp(s, "<?xml", 5) == 0 || strncmp(s, "<svg", 4) == 0);
    assert_non_null(strstr(s, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_balanced(s);
    /* both labels, the second escaped */
    assert_non_null(strstr(s, ">1/45e Ligne<"));
    assert_non_null(strstr(s, ">IR 4 &amp; &lt;Hoch&gt;<"));
    assert_null(strstr(s, "& <"));
    assert_null(strstr(s, "<Hoch"));
    assert_non_null(strstr(s, "Hill &quot;A&quot;"));
    /* one polygon per base, the broken unit hatched, the spent one marked */
    assert_int_equal(count(s, "class=\"base\""), 8);
    assert_int_equal(count(s, "class=\"front\""), 8);
    assert_int_equal(count(s, "fill=\"url(#gr-broken-1)\""), 4);
    assert_int_equal(count(s, "class=\"spent\""), 1);
    /* terrain, objectives, legend, title */
    assert_non_null(strstr(s, "class=\"terrain dense-wood\""));
    assert_non_null(strstr(s, "class=\"river\""));
    assert_non_null(strstr(s, "class=\"road\""));
    assert_non_null(strstr(s, ">Bois de Boulogne<"));
    assert_int_equal(count(s, "class=\"loc\""), 2);
    assert_non_null(strstr(s, "class=\"legend\""));
    /* the legend names the commander's look, a pale star on a square, unlike an objective's gold star */
    assert_non_null(strstr(s, ">commander</text>"));
    assert_non_null(strstr(s, ">objective</text>"));
    assert_non_null(strstr(s, "Test table"));
    assert_non_null(strstr(s, "move 2"));
    assert_non_null(strstr(s, "6 MU"));
    assert_non_null(strstr(s, "French base edge"));
    free(s);
    free(fx);
}

/* a commander is a square base with a pale star; an objective a gold star
 * alone: the two are told apart on the map and named in the legend */
static void test_commander_unlike_objective(void **state)
{
    (void)state;
    fixture *fx = make_fixture();
    gr_render_item *cm = &fx->items[2];
    memset(cm, 0, sizeof *cm);
    cm->side = 0;
    cm->kind = GR_PIECE_COMMANDER;
    snprintf(cm->label, sizeof cm->label, "Ney");
    cm->nbases = 1;
    cm->base[0][0] = 4;
    cm->base[0][1] = 3;
    cm->base[0][2] = M_PI / 2;
    cm->base[0][3] = 1.5;
    cm->base[0][4] = 1.5;
    fx->in.nitems = 3;
    char *s = render(&fx->in);
    const char *star = strstr(s, "class=\"cmd-star\"");
    assert_non_null(star);
    const char *end = strchr(star, '>');
    assert_non_null(end);
    char tag[512];
    snprintf(tag, sizeof tag, "%.*s", (int)(end - star), star);
    assert_non_null(strstr(tag, "fill=\"#ffffff\""));
    assert_null(strstr(tag, "#f2c230"));
    assert_non_null(strstr(s, ">commander</text>"));
    free(s);
    free(fx);
}

static void test_y_is_flipped(void **state)
{
    (void)state;
    fixture *fx = make_fixture();
    char *s = render(&fx->in);
    /* the first base drawn is side 0's, front edge at table y = 1, 1 MU deep */
    const char *p = strstr(s, "class=\"base\" points=\"");
    assert_non_null(p);
    p += strlen("class=\"base\" points=\"");
    double x[4], y[4];
    int got = sscanf(p, "%lf,%lf %lf,%lf %lf,%lf %lf,%lf",
                     &x[0], &y[0], &x[1], &y[1], &x[2], &y[2], &x[3], &y[3]);
    assert_int_equal(got, 8);
    double front = (T_H - 1.0) * T_SCALE, rear = (T_H - 0.0) * T_SCALE;
    /* FL, FR on the front edge; RR, RL one MU further toward the picture's bottom */
    assert_true(fabs(y[0] - front) < 0.11 && fabs(y[1] - front) < 0.11);
    assert_true(fabs(y[2] - rear) < 0.11 && fabs(y[3] - rear) < 0.11);
    /* facing up the picture, the unit's left is the picture's left */
    assert_true(x[0] < x[1]);
    /* base 0 is the leftmost: front centre x = 8 - 1.5 * 2, its left corner 1 MU further */
    assert_true(fabs(x[0] - 4.0 * T_SCALE) < 0.11);
    free(s);
    free(fx);
}

static void test_empty_table(void **state)
{
    (void)state;
    gr_terrain *t = calloc(1, sizeof *t);
    assert_non_null(t);
    t->table_w = 12;
    t->table_h = 8;
    gr_svg_input in;
    memset(&in, 0, sizeof in);
    in.terrain = t;
    char *s = render(&in);
    assert_balanced(s);
    assert_int_equal(count(s, "class=\"base\""), 0);
    assert_non_null(strstr(s, "Side 0 base edge"));
    assert_non_null(strstr(s, ">Grognard<"));
    free(s);
    /* no terrain at all: the size comes from the input */
    memset(&in, 0, sizeof in);
    in.table_w = 6;
    in.table_h = 4;
    s = render(&in);
    assert_balanced(s);
    free(s);
    free(t);
}

static void test_bad_input_refused(void **state)
{
    (void)state;
    gr_svg_input in;
    memset(&in, 0, sizeof in);
    gr_error err = {0};
    FILE *sink = fopen("/dev/null", "w");
    assert_non_null(sink);
    /* no terrain, no size */
    assert_int_equal(gr_svg_render(sink, &in, &err), -1);
    assert_true(err.set);
    assert_non_null(strstr(err.msg, "table size"));
    /* items promised but missing */
    gr_error_clear(&err);
    in.table_w = 10;
    in.table_h = 10;
    in.nitems = 3;
    assert_int_equal(gr_svg_render(sink, &in, &err), -1);
    assert_non_null(strstr(err.msg, "render items"));
    gr_error_clear(&err);
    in.nitems = 0;
    in.scale = NAN;
    assert_int_equal(gr_svg_render(sink, &in, &err), -1);
    assert_non_null(strstr(err.msg, "scale"));
    /* nothing at all */
    gr_error_clear(&err);
    assert_int_equal(gr_svg_render(sink, NULL, &err), -1);
    assert_true(err.set);
    assert_int_equal(ftell(sink), 0);   /* refusals write nothing */
    fclose(sink);
}

static void test_text_is_sanitised(void **state)
{
    (void)state;
    fixture *fx = make_fixture();
    /* a label cut inside a two-byte UTF-8 sequence, and a control character */
    memset(fx->items[0].label, 0, sizeof fx->items[0].label);
    memcpy(fx->items[0].label, "Garde\x01 \xc3\xa0 pied \xc3", 17);
    /* a label filling its array with no NUL must not be over-read */
    memset(fx->items[1].label, 'X', sizeof fx->items[1].label);
    fx->in.side_fill[0] = "\"><script>";   /* not a colour: the default is used */
    char *s = render(&fx->in);
    assert_balanced(s);
    assert_non_null(strstr(s, ">Garde  \xc3\xa0 pied ?<"));
    assert_null(strstr(s, "<script"));
    assert_non_null(strstr(s, "#2b4c9b"));
    char xs[sizeof fx->items[1].label + 3];
    xs[0] = '>';
    memset(xs + 1, 'X', sizeof fx->items[1].label);
    xs[sizeof xs - 2] = '<';
    xs[sizeof xs - 1] = '\0';
    assert_non_null(strstr(s, xs));
    free(s);
    free(fx);
}

/* Names in dir that look like our temporary files. */
static int leftover_temps(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strstr(e->d_name, ".tmp.")) n++;
    closedir(d);
    return n;
}

static void test_write_file(void **state)
{
    (void)state;
    fixture *fx = make_fixture();
    char dir[] = "/tmp/gr_svg_test.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/table.svg", dir);
    gr_error err = {0};

    assert_int_equal(gr_svg_write_file(path, &fx->in, &err), 0);
    assert_false(err.set);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char head[6] = {0};
    assert_int_equal(fread(head, 1, 5, f), 5);
    fclose(f);
    assert_string_equal(head, "<?xml");
    assert_int_equal(leftover_temps(dir), 0);

    /* a failed render leaves the earlier file exactly as it was */
    struct stat before, after;
    assert_int_equal(stat(path, &before), 0);
    fx->in.nitems = -1;
    assert_int_equal(gr_svg_write_file(path, &fx->in, &err), -1);
    assert_true(err.set);
    assert_non_null(strstr(err.msg, path));
    assert_int_equal(stat(path, &after), 0);
    assert_int_equal(before.st_size, after.st_size);
    assert_int_equal(before.st_ino, after.st_ino);
    assert_int_equal(leftover_temps(dir), 0);

    /* a folder that does not exist: an error naming the file, nothing written */
    char missing[160];
    snprintf(missing, sizeof missing, "%s/no/such/dir/table.svg", dir);
    fx->in.nitems = 2;
    gr_error_clear(&err);
    assert_int_equal(gr_svg_write_file(missing, &fx->in, &err), -1);
    assert_true(err.set);
    assert_non_null(strstr(err.msg, missing));
    assert_int_not_equal(access(missing, F_OK), 0);
    assert_int_equal(leftover_temps(dir), 0);

    /* no path at all */
    gr_error_clear(&err);
    assert_int_equal(gr_svg_write_file("", &fx->in, &err), -1);
    assert_true(err.set);

    assert_int_equal(unlink(path), 0);
    assert_int_equal(rmdir(dir), 0);
    free(fx);
}

/* ---- the label placer (svg_labels.h) and the labels of real maps ----------------------------- */

/* n labels of w x h, anchored a few px apart round (200, 200), preferred on their anchors */
static void crowd(gr_svglab_label *l, int n, double w, double h)
{
    memset(l, 0, (size_t)n * sizeof *l);
    for (int i = 0; i < n; i++) {
        l[i].ax = 200 + 4 * (i % 3);
        l[i].ay = 200 + 3 * (i / 3);
        l[i].w = w;
        l[i].h = h;
        l[i].nchars = 10;
        l[i].char_w = w / 10;
        l[i].priority = 1;
    }
}

static void assert_apart(const gr_svglab_label *l, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            if (l[i].fate == GR_SVGLAB_DROPPED || l[j].fate == GR_SVGLAB_DROPPED) continue;
            gr_svglab_rect a = gr_svglab_box(&l[i]), b = gr_svglab_box(&l[j]);
            if (gr_svglab_overlap(&a, &b))
                fail_msg("labels %d (%.1f %.1f %.1f %.1f) and %d (%.1f %.1f %.1f %.1f) overlap", i, a.x, a.y, a.w,
                         a.h, j, b.x, b.y, b.w, b.h);
        }
}

/* labels that all start on one spot come out apart, none dropped, the far ones with leaders */
static void test_placer_separates(void **state)
{
    (void)state;
    enum { N = 12 };
    gr_svglab_label l[N];
    crowd(l, N, 80, 14);
    for (int i = 0; i < N; i++) {
        gr_svglab_rect a = {l[i].ax - 40, l[i].ay - 7, 80, 14}, b = {l[0].ax - 40, l[0].ay - 7, 80, 14};
        assert_true(i == 0 || gr_svglab_overlap(&a, &b));    /* they do overlap where they start */
    }
    assert_int_equal(gr_svglab_place(l, N, NULL, 0, NULL), 0);
    assert_apart(l, N);
    int leaders = 0;
    for (int i = 0; i < N; i++) {
        assert_int_equal(l[i].fate, GR_SVGLAB_PLACED);
        assert_int_equal(l[i].keep, 10);
        assert_true(l[i].pw == 80);
        leaders += l[i].leader;
    }
    assert_false(l[0].leader);          /* the first stays on its anchor */
    assert_true(l[0].cx == l[0].ax && l[0].cy == l[0].ay);
    assert_true(leaders > 0);           /* twelve cannot all sit beside one point */
}

/* the label of lowest priority number is placed first, on its preferred place, whatever its input order */
static void test_placer_priority(void **state)
{
    (void)state;
    gr_svglab_label l[3];
    crowd(l, 3, 60, 12);
    for (int i = 0; i < 3; i++) {
        l[i].ax = 100;
        l[i].ay = 100;
    }
    l[0].priority = 4;
    l[1].priority = 2;
    l[2].priority = 0;
    assert_int_equal(gr_svglab_place(l, 3, NULL, 0, NULL), 0);
    assert_true(l[2].cx == 100 && l[2].cy == 100);
    assert_false(l[0].cx == 100 && l[0].cy == 100);
    assert_false(l[1].cx == 100 && l[1].cy == 100);
    /* equal priorities: input order */
    crowd(l, 2, 60, 12);
    l[1].ax = l[0].ax;
    l[1].ay = l[0].ay;
    assert_int_equal(gr_svglab_place(l, 2, NULL, 0, NULL), 0);
    assert_true(l[0].cx == l[0].ax && l[0].cy == l[0].ay);
    assert_false(l[1].cx == l[1].ax && l[1].cy == l[1].ay);
}

/* the same input gives the same output */
static void test_placer_deterministic(void **state)
{
    (void)state;
    enum { N = 20 };
    gr_svglab_label a[N], b[N];
    gr_svglab_obstacle ob[2] = {{{190, 150, 40, 30}, -1}, {{230, 210, 30, 30}, 3}};
    gr_svglab_rect bounds = {0, 0, 400, 400};
    crowd(a, N, 70, 13);
    for (int i = 0; i < N; i++) a[i].priority = i % 4;
    memcpy(b, a, sizeof a);
    assert_int_equal(gr_svglab_place(a, N, ob, 2, &bounds), 0);
    assert_int_equal(gr_svglab_place(b, N, ob, 2, &bounds), 0);
    assert_memory_equal(a, b, sizeof a);
    assert_apart(a, N);
}

/* obstacles are kept off (but a label's own), the bounds kept to; a name that may be shortened is
 * cut to fit and dropped when even a short one cannot; any other label is never dropped */
static void test_placer_obstacles_and_shortening(void **state)
{
    (void)state;
    gr_svglab_label l[1];
    gr_svglab_obstacle ob[1] = {{{80, 80, 40, 40}, -1}};
    crowd(l, 1, 60, 12);
    l[0].ax = l[0].ay = 100;
    assert_int_equal(gr_svglab_place(l, 1, ob, 1, NULL), 0);
    gr_svglab_rect r = gr_svglab_box(&l[0]);
    assert_false(gr_svglab_overlap(&r, &ob[0].r));
    assert_int_equal(l[0].fate, GR_SVGLAB_PLACED);
    ob[0].owner = 0;    /* its own: it may lie on it */
    assert_int_equal(gr_svglab_place(l, 1, ob, 1, NULL), 0);
    assert_true(l[0].cx == 100 && l[0].cy == 100);

    /* 20 characters of 5 px in bounds 50 px wide: cut to fit */
    gr_svglab_rect bounds = {75, 90, 50, 20};
    crowd(l, 1, 100, 12);
    l[0].ax = l[0].ay = 100;
    l[0].nchars = 20;
    l[0].char_w = 5;
    l[0].flags = GR_SVGLAB_MAY_SHORTEN;
    assert_int_equal(gr_svglab_place(l, 1, NULL, 0, &bounds), 0);
    assert_int_equal(l[0].fate, GR_SVGLAB_SHORTENED);
    assert_true(l[0].keep >= 4 && l[0].keep < 20);
    assert_true(fabs(l[0].pw - (l[0].keep + 1) * 5.0) < 1e-9);
    r = gr_svglab_box(&l[0]);
    assert_true(r.x >= bounds.x && r.x + r.w <= bounds.x + bounds.w);
    /* 15 px: not even four characters and an ellipsis fit */
    bounds.x = 92.5;
    bounds.w = 15;
    assert_int_equal(gr_svglab_place(l, 1, NULL, 0, &bounds), 0);
    assert_int_equal(l[0].fate, GR_SVGLAB_DROPPED);
    /* the same label not allowed to be shortened is drawn whole, over the edge */
    l[0].flags = 0;
    assert_int_equal(gr_svglab_place(l, 1, NULL, 0, &bounds), 0);
    assert_int_equal(l[0].fate, GR_SVGLAB_COVERS);
    assert_int_equal(l[0].keep, 20);
    assert_true(l[0].pw == 100);
}

/* the map of a scenario's opening position, rendered by the real renderer */
static char *render_scenario(const char *rel, int *nlabelled)
{
    const char *root = getenv("GROGNARD_ROOT");
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/%s", root && *root ? root : ".", rel);
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_load(&g, path, &err)) fail_msg("%s", err.msg);
    void *st = calloc(1, g.rs->rules->state_size);
    assert_non_null(st);
    g.rs->rules->init(g.scn, st);
    gr_map m;
    if (gr_map_build(&m, &g, st, &err)) fail_msg("%s", err.msg);
    *nlabelled = 0;
    for (int i = 0; i < m.in.nitems; i++)
        if (m.items[i].nbases > 0 && (m.items[i].label[0] || m.items[i].detail[0])) (*nlabelled)++;
    char *s = render(&m.in);
    gr_map_free(&m);
    free(st);
    gr_game_free(&g);
    return s;
}

#define MAX_BOXES 512

/* every data-box of the picture; each <text> of a label's group inside its box */
static int read_boxes(const char *s, gr_svglab_rect *box)
{
    int n = 0;
    for (const char *p = strstr(s, "data-box=\""); p; p = strstr(p + 1, "data-box=\"")) {
        assert_true(n < MAX_BOXES);
        gr_svglab_rect *b = &box[n++];
        assert_int_equal(sscanf(p + 10, "%lf %lf %lf %lf", &b->x, &b->y, &b->w, &b->h), 4);
        assert_true(b->w > 0 && b->h > 0);
        const char *end = strstr(p, "</g>");
        assert_non_null(end);
        int texts = 0;
        for (const char *t = strstr(p, "<text x=\""); t && t < end; t = strstr(t + 1, "<text x=\"")) {
            double x, y;
            assert_int_equal(sscanf(t, "<text x=\"%lf\" y=\"%lf\"", &x, &y), 2);
            assert_true(x >= b->x && x <= b->x + b->w && y >= b->y && y <= b->y + b->h);
            texts++;
        }
        assert_true(texts >= 1);
    }
    return n;
}

static void assert_map_labels_apart(const char *rel)
{
    int labelled;
    char *s = render_scenario(rel, &labelled);
    assert_balanced(s);
    gr_svglab_rect *box = calloc(MAX_BOXES, sizeof *box);
    assert_non_null(box);
    int n = read_boxes(s, box);
    /* every piece with a name has its label: none is left out */
    assert_true(labelled > 10);
    assert_int_equal(count(s, "class=\"map-label unit\"") + count(s, "class=\"map-label piece\""), labelled);
    assert_true(n >= labelled);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (gr_svglab_overlap(&box[i], &box[j]))
                fail_msg("%s: label boxes %d (%.1f %.1f %.1f %.1f) and %d (%.1f %.1f %.1f %.1f) overlap", rel, i,
                         box[i].x, box[i].y, box[i].w, box[i].h, j, box[j].x, box[j].y, box[j].w, box[j].h);
    free(box);
    free(s);
}

/* crowded battles, fogn and Lasalle: no two labels of the map overlap */
static void test_map_labels_apart(void **state)
{
    (void)state;
    assert_map_labels_apart("fogn/corps-battle.json");
    assert_map_labels_apart("fogn/plancenoit-1815.json");
    assert_map_labels_apart("lasalle/pratzen-1805.json");
    assert_map_labels_apart("lasalle/brigade-clash.json");
}

/* a label moved off its piece has a leader line; the fixture's crowded pair of units shows one */
static void test_leader_when_moved(void **state)
{
    (void)state;
    fixture *fx = make_fixture();
    /* the second unit right in front of the first: both labels cannot sit above their units */
    line_of_four(&fx->items[1], 1, "IR 4 Hoch und Deutschmeister", 8, 3.2, -M_PI / 2);
    line_of_four(&fx->items[2], 0, "2/45e Ligne de bataille", 8, 2.1, M_PI / 2);
    fx->in.nitems = 3;
    char *s = render(&fx->in);
    assert_balanced(s);
    gr_svglab_rect box[MAX_BOXES];
    int n = read_boxes(s, box);
    assert_int_equal(count(s, "class=\"map-label unit\""), 3);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) assert_false(gr_svglab_overlap(&box[i], &box[j]));
    assert_true(count(s, "<line class=\"leader\"") >= 1);
    free(s);
    free(fx);
}

/* the last move's arrows: a unit that stands 2 MU further on than before
 * gets one arrow from its old place to its new, and the legend names them */
static void test_map_paths(void **state)
{
    (void)state;
    const char *root = getenv("GROGNARD_ROOT");
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/fogn/brigade-encounter.json", root && *root ? root : ".");
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_load(&g, path, &err)) fail_msg("%s", err.msg);
    fogn_state *before = calloc(1, sizeof *before), *after = calloc(1, sizeof *after);
    assert_non_null(before);
    assert_non_null(after);
    assert_int_equal(g.rs->rules->state_size, sizeof *before);
    g.rs->rules->init(g.scn, before);
    *after = *before;
    after->u[0].y += 2;
    gr_map m;
    if (gr_map_build(&m, &g, after, &err)) fail_msg("%s", err.msg);
    char *plain = render(&m.in);
    assert_null(strstr(plain, "last move"));
    free(plain);
    if (gr_map_add_paths(&m, &g, before, &err)) fail_msg("%s", err.msg);
    assert_int_equal(m.in.npaths, 1);
    assert_int_equal(m.in.paths[0].side, 0);
    assert_true(fabs(m.in.paths[0].from[0] - m.in.paths[0].to[0]) < 1e-9);
    assert_true(fabs(m.in.paths[0].to[1] - m.in.paths[0].from[1] - 2) < 1e-9);
    char *s = render(&m.in);
    const char *first = strstr(s, "class=\"path\"");
    assert_non_null(first);
    assert_null(strstr(first + 1, "class=\"path\""));
    assert_non_null(strstr(s, "marker-end=\"url(#gr-arrow-0)\""));
    assert_non_null(strstr(s, ">last move</text>"));
    free(s);
    gr_map_free(&m);
    free(before);
    free(after);
    gr_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_structure_and_labels),
        cmocka_unit_test(test_commander_unlike_objective),
        cmocka_unit_test(test_y_is_flipped),
        cmocka_unit_test(test_empty_table),
        cmocka_unit_test(test_bad_input_refused),
        cmocka_unit_test(test_text_is_sanitised),
        cmocka_unit_test(test_write_file),
        cmocka_unit_test(test_placer_separates),
        cmocka_unit_test(test_placer_priority),
        cmocka_unit_test(test_placer_deterministic),
        cmocka_unit_test(test_placer_obstacles_and_shortening),
        cmocka_unit_test(test_map_labels_apart),
        cmocka_unit_test(test_leader_when_moved),
        cmocka_unit_test(test_map_paths),
    };
    return cmocka_run_group_tests_name("svg", tests, NULL, NULL);
}
