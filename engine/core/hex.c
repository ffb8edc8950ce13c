/* hex.c - the hex map of hex.h: grid arithmetic in axial coordinates
 * (q = col, r = row - floor(col / 2), in which the six neighbours are the
 * six fixed steps below), the terrain and hexsides of a loaded map, and the
 * loader of the scenario's "map" object. */
#include "hex.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonutil.h"

/* N, NE, SE, S, SW, NW as axial steps */
static const int step_q[GR_HEX_DIRS] = {0, 1, 1, 0, -1, -1};
static const int step_r[GR_HEX_DIRS] = {1, 0, -1, -1, 0, 1};
static const char *const dir_names[GR_HEX_DIRS] = {"N", "NE", "SE", "S", "SW", "NW"};

/* a tiny fixed offset that settles a line running exactly along a hexside */
#define HEX_NUDGE_X 1e-6
#define HEX_NUDGE_Y 2e-6

static int floor_half(int c) { return c >= 0 ? c / 2 : -((1 - c) / 2); }

const char *gr_hex_dir_name(int dir) { return dir >= 0 && dir < GR_HEX_DIRS ? dir_names[dir] : "?"; }

int gr_hex_dir_parse(const char *name)
{
    for (int d = 0; name && d < GR_HEX_DIRS; d++)
        if (!strcmp(name, dir_names[d])) return d;
    return -1;
}

int gr_hex_dir_opposite(int dir) { return (dir + 3) % GR_HEX_DIRS; }

gr_hex gr_hex_step(int col, int row, int dir)
{
    if (dir < 0 || dir >= GR_HEX_DIRS) {
        gr_hex same = {col, row};
        return same;
    }
    int q = col, r = row - floor_half(col);
    q += step_q[dir];
    r += step_r[dir];
    gr_hex h = {q, r + floor_half(q)};
    return h;
}

int gr_hex_distance(int c1, int r1, int c2, int r2)
{
    int dq = c2 - c1, dr = (r2 - floor_half(c2)) - (r1 - floor_half(c1));
    return (abs(dq) + abs(dr) + abs(dq + dr)) / 2;
}

int gr_hex_dir_to(int c1, int r1, int c2, int r2)
{
    for (int d = 0; d < GR_HEX_DIRS; d++) {
        gr_hex n = gr_hex_step(c1, r1, d);
        if (n.col == c2 && n.row == r2) return d;
    }
    return -1;
}

void gr_hex_centre(int col, int row, double *x, double *y)
{
    *x = GR_HEX_SIDE * (1.0 + 1.5 * col);
    *y = row + 0.5 + ((col & 1) ? 0.5 : 0.0);
}

gr_hex gr_hex_at_point(double x, double y)
{
    /* fractional axial coordinates, then the nearest hex by cube rounding */
    double q = (x / GR_HEX_SIDE - 1.0) / 1.5;
    double r = y - 0.5 - q / 2.0;
    double s = -q - r;
    double rq = round(q), rr = round(r), rs = round(s);
    double eq = fabs(rq - q), er = fabs(rr - r), es = fabs(rs - s);
    if (eq > er && eq > es) rq = -rr - rs;
    else if (er > es) rr = -rq - rs;
    int qi = (int)rq, ri = (int)rr;
    gr_hex h = {qi, ri + floor_half(qi)};
    return h;
}

int gr_hex_line(int c1, int r1, int c2, int r2, gr_hex *out, int max)
{
    int n = gr_hex_distance(c1, r1, c2, r2);
    double x1, y1, x2, y2;
    gr_hex_centre(c1, r1, &x1, &y1);
    gr_hex_centre(c2, r2, &x2, &y2);
    for (int i = 0; i <= n && i < max; i++) {
        double t = n ? (double)i / n : 0.0;
        if (i == 0 || i == n) {
            gr_hex end = {i == 0 ? c1 : c2, i == 0 ? r1 : r2};
            out[i] = end;
            continue;
        }
        out[i] = gr_hex_at_point(x1 + (x2 - x1) * t + HEX_NUDGE_X, y1 + (y2 - y1) * t + HEX_NUDGE_Y);
    }
    return n + 1;
}

/* ---- a map ------------------------------------------------------------------------------------- */

int gr_hex_on_map(const gr_hexmap *m, int col, int row)
{
    return m && col >= 0 && row >= 0 && col < m->cols && row < m->rows;
}

int gr_hex_index(const gr_hexmap *m, int col, int row) { return row * m->cols + col; }

gr_hex gr_hex_of_index(const gr_hexmap *m, int index)
{
    gr_hex h = {index % m->cols, index / m->cols};
    return h;
}

int gr_hex_neighbour(const gr_hexmap *m, int col, int row, int dir, gr_hex *out)
{
    if (dir < 0 || dir >= GR_HEX_DIRS) return 0;
    gr_hex n = gr_hex_step(col, row, dir);
    if (!gr_hex_on_map(m, n.col, n.row)) return 0;
    *out = n;
    return 1;
}

int gr_hex_terrain(const gr_hexmap *m, int col, int row)
{
    return gr_hex_on_map(m, col, row) ? m->terrain[gr_hex_index(m, col, row)] : 0;
}

const char *gr_hex_terrain_name(const gr_hexmap *m, int code)
{
    return code >= 0 && code < m->kinds.nterrain ? m->kinds.terrain[code] : "?";
}

unsigned gr_hex_side(const gr_hexmap *m, int col, int row, int dir)
{
    if (!gr_hex_on_map(m, col, row) || dir < 0 || dir >= GR_HEX_DIRS) return 0;
    return m->sides[gr_hex_index(m, col, row) * GR_HEX_DIRS + dir];
}

void gr_hex_board_size(const gr_hexmap *m, double *width, double *height)
{
    *width = GR_HEX_SIDE * (1.5 * (m->cols - 1) + 2.0);
    *height = m->rows + (m->cols > 1 ? 0.5 : 0.0);
}

void gr_hex_free(gr_hexmap *m)
{
    if (!m) return;
    free(m->terrain);
    free(m->sides);
    free(m);
}

/* ---- loading ----------------------------------------------------------------------------------- */

int gr_hex_from_json(json_t *v, const char *path, const gr_hexmap *m, gr_hex *out, gr_error *err)
{
    json_t *c = json_array_get(v, 0), *r = json_array_get(v, 1);
    if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_integer(c) || !json_is_integer(r))
        return gr_error_set(err, "%s: expected a hex as [col, row], two whole numbers", path);
    json_int_t col = json_integer_value(c), row = json_integer_value(r);
    if (col < 0 || row < 0 || col >= m->cols || row >= m->rows)
        return gr_error_set(err, "%s: hex %lld %lld is off the map (columns 0..%d, rows 0..%d)", path,
                            (long long)col, (long long)row, m->cols - 1, m->rows - 1);
    out->col = (int)col;
    out->row = (int)row;
    return 0;
}

/* a terrain name's code, or -1 */
static int terrain_code(const gr_hex_kinds *k, const char *name)
{
    for (int i = 0; name && i < k->nterrain; i++)
        if (!strcmp(name, k->terrain[i])) return i;
    return -1;
}

/* "clear, woods, hill" into buf */
static const char *name_list(const char *const *names, int n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len < cap; i++) {
        int w = snprintf(buf + len, cap - len, "%s%s", i ? ", " : "", names[i]);
        if (w < 0) break;
        len += (size_t)w;
    }
    return buf;
}

/* a terrain named by the string v at path: its code, or -1 with a message */
static int terrain_of(const gr_hex_kinds *k, json_t *v, const char *path, gr_error *err)
{
    char list[256];
    int t = json_is_string(v) ? terrain_code(k, json_string_value(v)) : -1;
    if (t < 0)
        return gr_error_set(err, "%s: expected a terrain (%s)", path,
                            name_list(k->terrain, k->nterrain, list, sizeof list));
    return t;
}

static int load_size(json_t *obj, const char *path, const char *key, const char *what, int *out, gr_error *err)
{
    char p[256];
    gr_json_path_key(p, sizeof p, path, key);
    json_t *v = json_object_get(obj, key);
    if (!v) return gr_error_set(err, "%s: missing (expected the number of %s, 1 to %d)", p, what, GR_HEX_MAX_DIM);
    if (!json_is_integer(v) || json_integer_value(v) < 1)
        return gr_error_set(err, "%s: expected the number of %s, a whole number from 1 to %d", p, what,
                            GR_HEX_MAX_DIM);
    if (json_integer_value(v) > GR_HEX_MAX_DIM)
        return gr_error_set(err, "%s: %lld %s is more than a map may have (at most %d)", p,
                            (long long)json_integer_value(v), what, GR_HEX_MAX_DIM);
    *out = (int)json_integer_value(v);
    return 0;
}

/* "legend" and "grid": one key per hex, the north row first */
static int load_grid(gr_hexmap *m, json_t *obj, const char *path, gr_error *err)
{
    char p[256], q[256];
    json_t *legend = json_object_get(obj, "legend"), *grid = json_object_get(obj, "grid");
    if (!legend && !grid) return 0;
    if (!legend || !json_is_object(legend))
        return gr_error_set(err, "%s: expected an object of one-character keys naming terrain, "
                                 "for the grid", gr_json_path_key(p, sizeof p, path, "legend"));
    gr_json_path_key(p, sizeof p, path, "grid");
    if (!json_is_array(grid) || (int)json_array_size(grid) != m->rows)
        return gr_error_set(err, "%s: expected %d strings, one per row, the north row first", p, m->rows);
    int code[256];
    for (int i = 0; i < 256; i++) code[i] = -1;
    const char *key;
    json_t *v;
    json_object_foreach(legend, key, v) {
        gr_json_path_key(q, sizeof q, path, "legend");
        char kp[300];
        snprintf(kp, sizeof kp, "%s.%s", q, key);
        if (strlen(key) != 1 || (unsigned char)key[0] < 0x21 || (unsigned char)key[0] > 0x7e)
            return gr_error_set(err, "%s: a legend key is one printable character", kp);
        int t = terrain_of(&m->kinds, v, kp, err);
        if (t < 0) return -1;
        code[(unsigned char)key[0]] = t;
    }
    for (int i = 0; i < m->rows; i++) {
        json_t *line = json_array_get(grid, (size_t)i);
        int row = m->rows - 1 - i;
        gr_json_path_index(q, sizeof q, p, (size_t)i);
        if (!json_is_string(line) || (int)json_string_length(line) != m->cols)
            return gr_error_set(err, "%s: expected a string of %d keys, one per column (row %d)", q, m->cols, row);
        const char *s = json_string_value(line);
        for (int col = 0; col < m->cols; col++) {
            int t = code[(unsigned char)s[col]];
            if (t < 0)
                return gr_error_set(err, "%s[%d]: '%c' (hex %d %d) is not a key of the legend", q, col,
                                    (unsigned char)s[col] >= 0x20 ? s[col] : '?', col, row);
            m->terrain[gr_hex_index(m, col, row)] = (uint8_t)t;
        }
    }
    return 0;
}

/* "hexes": single hexes' terrain */
static int load_hexes(gr_hexmap *m, json_t *obj, const char *path, gr_error *err)
{
    char p[256], q[300], r[320];
    json_t *arr = json_object_get(obj, "hexes");
    if (!arr) return 0;
    gr_json_path_key(p, sizeof p, path, "hexes");
    if (!json_is_array(arr))
        return gr_error_set(err, "%s: expected an array of {\"hex\": [col, row], \"terrain\": NAME}", p);
    size_t i;
    json_t *e;
    json_array_foreach(arr, i, e) {
        gr_json_path_index(q, sizeof q, p, i);
        static const char *const keys[] = {"hex", "terrain"};
        if (gr_json_only_keys(e, q, keys, 2, err)) return -1;
        gr_hex h;
        if (gr_hex_from_json(json_object_get(e, "hex"), gr_json_path_key(r, sizeof r, q, "hex"), m, &h, err))
            return -1;
        int t = terrain_of(&m->kinds, json_object_get(e, "terrain"), gr_json_path_key(r, sizeof r, q, "terrain"), err);
        if (t < 0) return -1;
        m->terrain[gr_hex_index(m, h.col, h.row)] = (uint8_t)t;
    }
    return 0;
}

/* the feature bits named by the array at path */
static int feature_bits(const gr_hex_kinds *k, json_t *arr, const char *path, unsigned *out, gr_error *err)
{
    char list[256], q[300];
    name_list(k->features, k->nfeatures, list, sizeof list);
    if (!json_is_array(arr) || json_array_size(arr) < 1)
        return gr_error_set(err, "%s: expected an array of hexside features (%s)", path, k->nfeatures ? list : "none");
    *out = 0;
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        int f = -1;
        for (int j = 0; json_is_string(v) && j < k->nfeatures; j++)
            if (!strcmp(json_string_value(v), k->features[j])) f = j;
        if (f < 0)
            return gr_error_set(err, "%s: expected a hexside feature (%s)", gr_json_path_index(q, sizeof q, path, i),
                                k->nfeatures ? list : "this ruleset has none");
        *out |= 1u << f;
    }
    return 0;
}

/* one entry of "sides": features on some sides of one hex, and the same
 * sides seen from the neighbours */
static int load_side_entry(gr_hexmap *m, json_t *e, const char *q, gr_error *err)
{
    char r[320], s[340];
    static const char *const keys[] = {"hex", "sides", "features"};
    if (gr_json_only_keys(e, q, keys, 3, err)) return -1;
    gr_hex h;
    if (gr_hex_from_json(json_object_get(e, "hex"), gr_json_path_key(r, sizeof r, q, "hex"), m, &h, err)) return -1;
    unsigned bits = 0;
    if (feature_bits(&m->kinds, json_object_get(e, "features"), gr_json_path_key(r, sizeof r, q, "features"), &bits,
                     err))
        return -1;
    json_t *dirs = json_object_get(e, "sides");
    gr_json_path_key(r, sizeof r, q, "sides");
    if (!json_is_array(dirs) || json_array_size(dirs) < 1)
        return gr_error_set(err, "%s: expected an array of directions (N, NE, SE, S, SW, NW)", r);
    size_t j;
    json_t *d;
    json_array_foreach(dirs, j, d) {
        gr_json_path_index(s, sizeof s, r, j);
        int dir = json_is_string(d) ? gr_hex_dir_parse(json_string_value(d)) : -1;
        if (dir < 0) return gr_error_set(err, "%s: expected a direction (N, NE, SE, S, SW, NW)", s);
        gr_hex n;
        if (!gr_hex_neighbour(m, h.col, h.row, dir, &n))
            return gr_error_set(err, "%s: the %s side of hex %d %d is the map's edge; a hexside feature lies "
                                     "between two hexes of the map", s, dir_names[dir], h.col, h.row);
        m->sides[gr_hex_index(m, h.col, h.row) * GR_HEX_DIRS + dir] |= (uint8_t)bits;
        m->sides[gr_hex_index(m, n.col, n.row) * GR_HEX_DIRS + gr_hex_dir_opposite(dir)] |= (uint8_t)bits;
    }
    return 0;
}

static int load_sides(gr_hexmap *m, json_t *obj, const char *path, gr_error *err)
{
    char p[256], q[300];
    json_t *arr = json_object_get(obj, "sides");
    if (!arr) return 0;
    gr_json_path_key(p, sizeof p, path, "sides");
    if (!json_is_array(arr))
        return gr_error_set(err,
                            "%s: expected an array of {\"hex\": [col, row], \"sides\": [...], \"features\": [...]}", p);
    size_t i;
    json_t *e;
    json_array_foreach(arr, i, e) {
        if (load_side_entry(m, e, gr_json_path_index(q, sizeof q, p, i), err)) return -1;
    }
    return 0;
}

/* a ruleset's kinds must fit the map's codes */
static int kinds_ok(const gr_hex_kinds *k, gr_error *err)
{
    if (!k || !k->terrain || k->nterrain < 1 || k->nterrain > GR_HEX_MAX_TERRAIN)
        return gr_error_set(err, "the ruleset names %d terrain kinds; a hex map holds 1 to %d", k ? k->nterrain : 0,
                            GR_HEX_MAX_TERRAIN);
    if (k->nfeatures < 0 || k->nfeatures > GR_HEX_MAX_FEATURES || (k->nfeatures && !k->features))
        return gr_error_set(err, "the ruleset names %d hexside features; a hex map holds 0 to %d", k->nfeatures,
                            GR_HEX_MAX_FEATURES);
    return 0;
}

gr_hexmap *gr_hex_load(json_t *obj, const char *path, const gr_hex_kinds *kinds, gr_error *err)
{
    if (kinds_ok(kinds, err)) return NULL;
    if (!json_is_object(obj)) {
        gr_error_set(err, "%s: expected the map, an object with \"cols\" and \"rows\"", path);
        return NULL;
    }
    static const char *const keys[] = {"cols", "rows", "default", "legend", "grid", "hexes", "sides"};
    if (gr_json_only_keys(obj, path, keys, 7, err)) return NULL;
    int cols, rows;
    if (load_size(obj, path, "cols", "columns", &cols, err) || load_size(obj, path, "rows", "rows", &rows, err))
        return NULL;
    gr_hexmap *m = calloc(1, sizeof *m);
    if (!m) {
        gr_error_set(err, "%s: out of memory", path);
        return NULL;
    }
    m->cols = cols;
    m->rows = rows;
    m->kinds = *kinds;
    m->terrain = calloc((size_t)cols * (size_t)rows, 1);
    m->sides = calloc((size_t)cols * (size_t)rows * GR_HEX_DIRS, 1);
    if (!m->terrain || !m->sides) {
        gr_hex_free(m);
        gr_error_set(err, "%s: out of memory", path);
        return NULL;
    }
    json_t *def = json_object_get(obj, "default");
    if (def) {
        char p[256];
        int t = terrain_of(kinds, def, gr_json_path_key(p, sizeof p, path, "default"), err);
        if (t < 0) {
            gr_hex_free(m);
            return NULL;
        }
        memset(m->terrain, t, (size_t)cols * (size_t)rows);
    }
    if (load_grid(m, obj, path, err) || load_hexes(m, obj, path, err) || load_sides(m, obj, path, err)) {
        gr_hex_free(m);
        return NULL;
    }
    return m;
}
