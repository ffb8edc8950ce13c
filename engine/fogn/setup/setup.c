/* setup.c - Field of Glory Napoleonic: a points battle set up from two
 * armies (§17). This file holds the §17.2 region table, the roll tables of
 * §17.1 and §17.3, the pre-battle initiative with its bonus units, the
 * region and the terrain selections, and the whole run. Placement is in
 * setup_terrain.c, the attachments and the deployment in setup_deploy.c,
 * the scenario JSON in setup_json.c; docs/setup.md tells every choice made
 * for the players. */
#include "setup.h"
#include "../rules/internal.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- §17.2 region table: maximum (compulsory minimum) --------------------------------- */
static const char *const region_names[FOGN_REG_COUNT] = {
    "France & Central Europe", "Southern Europe", "Spain & Portugal", "Eastern Europe", "Egypt & Middle East"};

/* columns: open, steep hill, gentle hill, river/stream, road, impassable, difficult, buildings, rough/cover */
static const int region_max[FOGN_REG_COUNT][FOGN_TC_COUNT] = {
    {1, 2, 4, 1, 3, 0, 2, 4, 3}, {0, 3, 3, 1, 3, 1, 3, 3, 3}, {1, 4, 4, 1, 2, 1, 3, 2, 2},
    {2, 2, 4, 1, 2, 1, 3, 2, 4}, {4, 1, 3, 1, 2, 0, 4, 2, 3}};
static const int region_min[FOGN_REG_COUNT][FOGN_TC_COUNT] = {
    {0, 0, 1, 0, 1, 0, 0, 1, 1}, {0, 1, 0, 0, 1, 0, 1, 0, 1}, {0, 2, 1, 0, 0, 0, 1, 0, 0},
    {1, 0, 1, 0, 0, 0, 1, 0, 1}, {1, 0, 1, 0, 1, 0, 0, 0, 1}};

static const char *const tcat_names[FOGN_TC_COUNT] = {
    "open", "steep hill", "gentle hill", "river or stream", "road", "impassable", "difficult", "buildings",
    "rough or cover"};

/* Ruling §17.2: the order in which each player prefers the optional types
 * (and the compulsory ones the attacker takes). The attacker wants room to
 * manoeuvre with cover on the way; the defender wants ground to hold. */
static const uint8_t pref_attacker[FOGN_TC_COUNT] = {FOGN_TC_ROUGH, FOGN_TC_GENTLE, FOGN_TC_OPEN,
                                                     FOGN_TC_BUILDINGS, FOGN_TC_WATER, FOGN_TC_STEEP,
                                                     FOGN_TC_DIFFICULT, FOGN_TC_ROAD, FOGN_TC_IMPASSABLE};
static const uint8_t pref_defender[FOGN_TC_COUNT] = {FOGN_TC_BUILDINGS, FOGN_TC_STEEP, FOGN_TC_GENTLE,
                                                     FOGN_TC_DIFFICULT, FOGN_TC_ROUGH, FOGN_TC_WATER,
                                                     FOGN_TC_IMPASSABLE, FOGN_TC_ROAD, FOGN_TC_OPEN};

const char *fogn_setup_region_name(fogn_region r)
{
    return r >= 0 && r < FOGN_REG_COUNT ? region_names[r] : "?";
}

const char *fogn_setup_tcat_name(fogn_tcat c)
{
    return c >= 0 && c < FOGN_TC_COUNT ? tcat_names[c] : "?";
}

int fogn_setup_region_max(fogn_region r, fogn_tcat c)
{
    return r >= 0 && r < FOGN_REG_COUNT && c >= 0 && c < FOGN_TC_COUNT ? region_max[r][c] : 0;
}

int fogn_setup_region_min(fogn_region r, fogn_tcat c)
{
    return r >= 0 && r < FOGN_REG_COUNT && c >= 0 && c < FOGN_TC_COUNT ? region_min[r][c] : 0;
}

/* does the lower-cased text hold the word? */
static bool holds(const char *low, const char *word) { return strstr(low, word) != NULL; }

int fogn_setup_region_parse(const char *text)
{
    char low[FOGN_LIST_NAME];
    size_t n = 0;
    for (; text && text[n] && n + 1 < sizeof low; n++) low[n] = (char)tolower((unsigned char)text[n]);
    low[n] = '\0';
    if (holds(low, "central") || holds(low, "france")) return FOGN_REG_CENTRAL;
    if (holds(low, "southern")) return FOGN_REG_SOUTHERN;
    if (holds(low, "spain") || holds(low, "portugal")) return FOGN_REG_SPAIN;
    if (holds(low, "eastern")) return FOGN_REG_EASTERN;
    if (holds(low, "egypt") || holds(low, "middle east")) return FOGN_REG_EGYPT;
    return -1;
}

/* --- roll tables ---------------------------------------------------------------------------- */
int fogn_setup_placement_area(int d6, bool impassable)
{
    assert(d6 >= 1 && d6 <= 6);
    return impassable ? (d6 + 1) / 2 : d6;
}

fogn_adjust fogn_setup_adjustment(int d6, bool compulsory, bool impassable)
{
    int r = d6 - (compulsory ? 1 : 0) + (impassable ? 1 : 0);
    if (r <= 2) return FOGN_ADJ_NONE;
    if (r <= 4) return FOGN_ADJ_SLIDE6;
    if (r == 5) return FOGN_ADJ_SLIDE12;
    return FOGN_ADJ_REMOVE;
}

fogn_river_entry fogn_setup_river_entry(int d6)
{
    return d6 <= 3 ? FOGN_RIVER_OPP_EDGE : d6 <= 5 ? FOGN_RIVER_OWN_EDGE : FOGN_RIVER_DISCARDED;
}

int fogn_setup_river_exit(int d6) { return d6 <= 3 ? 0 : 1; }

int fogn_setup_water_depth(int d6, bool narrow_stream, bool egypt)
{
    int r = d6 - (narrow_stream ? 2 : 0) - (egypt ? 1 : 0);
    if (r <= 1) return egypt ? GR_WATER_DRY : GR_WATER_ANKLE;
    if (r <= 3) return GR_WATER_WAIST;
    if (r <= 5) return GR_WATER_SHOULDER;
    return GR_WATER_TORRENT;
}

/* --- shared helpers ------------------------------------------------------------------------------ */
int fogn_setup_roll(fogn_setup *S, int side, const char *fmt, ...)
{
    char purpose[GR_EVENT_TEXT];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(purpose, sizeof purpose, fmt, ap);
    va_end(ap);
    int keep = S->dice->side;
    S->dice->side = side;
    int r = gr_dice_d6(S->dice, purpose);
    S->dice->side = keep;
    return r;
}

void fogn_setup_note(fogn_setup *S, int side, const char *fmt, ...)
{
    if (!S->log) return;
    char text[GR_EVENT_TEXT];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    gr_log_add(S->log, GR_EV_NOTE, side, "%s", text);
}

double fogn_setup_y(const fogn_setup *S, int side, double t) { return side == 0 ? t : S->table_h - t; }

double fogn_setup_depth(const fogn_setup *S, int side, double y) { return side == 0 ? y : S->table_h - y; }

double fogn_setup_zone_depth(const fogn_setup *S, int side)
{
    double gap = side == S->attacker ? FOGN_SETUP_ATT_ZONE_GAP : FOGN_SETUP_DEF_ZONE_GAP;
    return S->table_h / 2 - gap;
}

bool fogn_setup_in_zone(const fogn_setup *S, int side, const gr_terrain_piece *p)
{
    double zone = fogn_setup_zone_depth(S, side), half = p->shape == GR_SHAPE_POLYLINE ? p->width / 2 : 0.0;
    for (int i = 0; i < p->npts; i++)
        if (fogn_setup_depth(S, side, p->pts[i].y) - half < zone) return true;
    return false;
}

const char *fogn_setup_side_edge(int side) { return side == 0 ? "south" : "north"; }

static const char *piece_label(gr_terrain_type t)
{
    switch (t) {
    case GR_T_OPEN: return "Meadow";
    case GR_T_FIELDS: return "Fields";
    case GR_T_BRUSH: return "Brush";
    case GR_T_OPEN_WOOD: return "Copse";
    case GR_T_DENSE_WOOD: return "Forest";
    case GR_T_MARSH: return "Marsh";
    case GR_T_GENTLE_HILL: return "Hill";
    case GR_T_STEEP_HILL: return "Heights";
    case GR_T_LAKE: return "Lake";
    case GR_T_ROCKY: return "Crags";
    case GR_T_BUILDING: return "Village";
    case GR_T_FORTIFICATION: return "Redoubt";
    case GR_T_ROAD: return "Road";
    case GR_T_RIVER: return "River";
    case GR_T_STREAM: return "Stream";
    case GR_T_BRIDGE: return "Bridge";
    case GR_T_FORD: return "Ford";
    default: return "Ground";
    }
}

int fogn_setup_add_piece(fogn_setup *S, gr_terrain_piece *p, const fogn_setup_meta *m)
{
    if (!p->name[0]) {
        int k = ++S->name_count[p->type];
        snprintf(p->name, sizeof p->name, "%s %d", piece_label((gr_terrain_type)p->type), k);
    }
    p->has_box = 0;
    int i = gr_terrain_add(&S->terrain, p);
    if (i >= 0) S->meta[i] = *m;
    return i;
}

/* --- new setup -------------------------------------------------------------------------------- */
void fogn_setup_copy_name(char *out, size_t cap, const char *in)
{
    size_t n = strlen(in);
    if (n >= cap) {
        n = cap - 1;
        while (n > 0 && ((unsigned char)in[n] & 0xC0) == 0x80) n--;
    }
    memcpy(out, in, n);
    out[n] = '\0';
}

void fogn_setup_fit(char *out, size_t cap, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    fogn_setup_copy_name(out, cap, tmp);
}

fogn_setup *fogn_setup_new(const fogn_army_list *la, const fogn_army *a, const fogn_army_list *lb,
                           const fogn_army *b, gr_dice *dice, gr_log *log, gr_error *err)
{
    if (!la || !a || !lb || !b || !dice) {
        gr_error_set(err, "setup: two lists, two armies and dice are needed");
        return NULL;
    }
    fogn_setup *S = calloc(1, sizeof *S);
    if (!S) {
        gr_error_set(err, "setup: out of memory");
        return NULL;
    }
    S->list[0] = la;
    S->list[1] = lb;
    S->army[0] = *a;
    S->army[1] = *b;
    S->dice = dice;
    S->log = log;
    S->table_w = FOGN_SETUP_TABLE_W;
    S->table_h = FOGN_SETUP_TABLE_H;
    S->terrain.table_w = S->table_w;
    S->terrain.table_h = S->table_h;
    S->hill = S->road = -1;
    S->opt.flank_edge = FOGN_SETUP_NO_FLANK;
    S->attacker = 0;
    S->defender = 1;
    int nunits = 0, ndivs = 0;
    for (int side = 0; side < 2; side++) {
        const fogn_army *ar = &S->army[side];
        const char *nm = ar->name[0] ? ar->name : S->list[side]->name;
        fogn_setup_copy_name(S->side_name[side], sizeof S->side_name[side], nm);
        if (!ar->has_corps) {
            gr_error_set(err, "army %d (%s): no corps commander (§3.4)", side + 1, nm);
            free(S);
            return NULL;
        }
        if (ar->ndivs < 1 || ar->ndivs > FOGN_ARMY_MAX_DIVS) {
            gr_error_set(err, "army %d (%s): %d divisions", side + 1, nm, ar->ndivs);
            free(S);
            return NULL;
        }
        ndivs += ar->ndivs;
        for (int d = 0; d < ar->ndivs; d++) {
            if (ar->divs[d].nunits < 1) {
                gr_error_set(err, "army %d (%s): division \"%s\" has no units", side + 1, nm, ar->divs[d].name);
                free(S);
                return NULL;
            }
            for (int u = 0; u < ar->divs[d].nunits; u++) {
                fogn_unit_profile p;
                if (fogn_army_unit_profile(S->list[side], &ar->divs[d].units[u], &p)) {
                    gr_error_set(err, "army %d (%s): division \"%s\", unit %d (%s, row \"%s\", %d bases) is not in "
                                 "list %s", side + 1, nm, ar->divs[d].name, u + 1, ar->divs[d].units[u].entry,
                                 ar->divs[d].units[u].row, ar->divs[d].units[u].bases, S->list[side]->id);
                    free(S);
                    return NULL;
                }
                nunits++;
            }
        }
    }
    /* room in a scenario (bonus units may add FOGN_SETUP_BONUS_MAX_UNITS) */
    if (nunits + FOGN_SETUP_BONUS_MAX_UNITS > FOGN_MAX_UNITS || ndivs > FOGN_MAX_DIVS ||
        ndivs + 2 > FOGN_MAX_CMDRS) {
        gr_error_set(err, "setup: the armies are too big for one scenario (%d units, %d divisions; at most %d "
                     "units with bonus units, %d divisions)", nunits, ndivs, FOGN_MAX_UNITS - FOGN_SETUP_BONUS_MAX_UNITS,
                     FOGN_MAX_CMDRS - 2 < FOGN_MAX_DIVS ? FOGN_MAX_CMDRS - 2 : FOGN_MAX_DIVS);
        free(S);
        return NULL;
    }
    if (strcmp(S->side_name[0], S->side_name[1]) == 0) {
        char base[FOGN_NAME];
        fogn_setup_copy_name(base, FOGN_NAME - 5, S->side_name[1]);
        fogn_setup_fit(S->side_name[1], sizeof S->side_name[1], "%s (2)", base);
    }
    return S;
}

static int dice_failed(fogn_setup *S, gr_error *err)
{
    return gr_error_set(err, "setup: dice: %s", S->dice->fail_msg[0] ? S->dice->fail_msg : "no die");
}

/* --- §17.1 ---------------------------------------------------------------------------------- */
int fogn_setup_roll_initiative(gr_dice *dice, gr_log *log, const int level[2], const int rating[2],
                               fogn_setup_initiative *out, gr_error *err)
{
    memset(out, 0, sizeof *out);
    for (int s = 0; s < 2; s++) {
        out->level[s] = level[s];
        out->rating[s] = rating[s];
    }
    int keep = dice->side;
    for (int tries = 0;; tries++) {
        if (tries >= FOGN_SETUP_MAX_TIE_ROLLS) {
            dice->side = keep;
            return gr_error_set(err, "setup: initiative still tied after %d rolls", tries);
        }
        for (int s = 0; s < 2; s++) {
            dice->side = s;
            out->roll[s] = gr_dice_d6(dice, "pre-battle initiative (§17.1)");
            if (!out->roll[s]) {
                dice->side = keep;
                return gr_error_set(err, "setup: dice: %s", dice->fail_msg);
            }
            out->total[s] = level[s] + rating[s] + out->roll[s];
        }
        if (out->total[0] != out->total[1]) break;
        out->ties++;
        gr_log_add(log, GR_EV_NOTE, -1, "initiative tied at %d: both roll again (§17.1)", out->total[0]);
    }
    dice->side = keep;
    out->attacker = out->total[0] > out->total[1] ? 0 : 1;
    out->bonus = out->total[out->attacker] - out->total[!out->attacker] >= FOGN_SETUP_BONUS_MARGIN;
    return 0;
}

/* The division of the army that takes a bonus unit of this arm without
 * becoming mixed: a division of the arm's own kind first, else a mixed one;
 * -1 none. Allied divisions hold only their ally's units: not used. */
static int bonus_host(const fogn_army *a, fogn_arm arm)
{
    int want = arm == FOGN_ARM_INF ? FOGN_DIV_INFANTRY : FOGN_DIV_CAVALRY;
    for (int pass = 0; pass < 2; pass++)
        for (int d = 0; d < a->ndivs; d++) {
            const fogn_army_div *dv = &a->divs[d];
            if (dv->allied || dv->nunits >= FOGN_ARMY_MAX_UNITS) continue;
            if (dv->kind == (pass == 0 ? want : FOGN_DIV_MIXED)) return d;
        }
    return -1;
}

/* smallest number of bases the row sells to an infantry/cavalry unit (4 or 6), 0 none */
static int smallest_size(const fogn_list_row *row)
{
    for (int n = 4; n <= 6; n += 2)
        if ((row->sizes >> n) & 1u) return n;
    return 0;
}

/* §17.1 bonus: the cheapest eligible units up to FOGN_SETUP_BONUS_PTS, or the
 * cheapest small unit made large when the list sells no base at 10 points or less */
static void add_bonus(fogn_setup *S)
{
    int side = S->attacker;
    const fogn_army_list *L = S->list[side];
    fogn_army *a = &S->army[side];
    bool cheap = false;
    for (int e = 0; e < L->nentries; e++)
        for (int r = 0; r < L->entries[e].nrows; r++) {
            const fogn_list_row *row = &L->entries[e].rows[r];
            if (L->entries[e].section == 0 && fogn_list_type_arm((fogn_list_type)row->type) != FOGN_ARM_ART &&
                row->pts <= FOGN_SETUP_BONUS_BASE_PTS && smallest_size(row))
                cheap = true;
        }
    if (cheap) {
        int budget = FOGN_SETUP_BONUS_PTS;
        for (int k = 0; k < FOGN_SETUP_BONUS_MAX_UNITS; k++) {
            int be = -1, br = -1, bcost = 0, bhost = -1, bsize = 0;
            for (int e = 0; e < L->nentries; e++) {
                if (L->entries[e].section != 0) continue;
                for (int r = 0; r < L->entries[e].nrows; r++) {
                    const fogn_list_row *row = &L->entries[e].rows[r];
                    fogn_arm arm = fogn_list_type_arm((fogn_list_type)row->type);
                    int n = smallest_size(row);
                    if (arm == FOGN_ARM_ART || !n || n * row->pts > budget) continue;
                    int host = bonus_host(a, arm);
                    if (host < 0 || (be >= 0 && n * row->pts >= bcost)) continue;
                    be = e, br = r, bcost = n * row->pts, bhost = host, bsize = n;
                }
            }
            if (be < 0) break;
            fogn_army_div *dv = &a->divs[bhost];
            fogn_army_unit *u = &dv->units[dv->nunits++];
            memset(u, 0, sizeof *u);
            snprintf(u->entry, sizeof u->entry, "%s", L->entries[be].name);
            snprintf(u->row, sizeof u->row, "%s", L->entries[be].rows[br].name);
            char nm[FOGN_NAME];
            fogn_setup_copy_name(nm, sizeof nm - 8, L->entries[be].name);
            fogn_setup_fit(u->name, sizeof u->name, "%s (bonus)", nm);
            u->bases = bsize;
            budget -= bcost;
            S->nbonus++;
            S->bonus_acv += bsize > FOGN_SETUP_SMALL_INF_CAV_BASES ? 3 : 2; /* §14 unit values: large 3, small 2 */
            fogn_setup_note(S, side, "bonus unit (§17.1): %s %s, %d bases, %d points, joins %s", L->entries[be].name,
                            L->entries[be].rows[br].name, bsize, bcost, dv->name);
        }
    } else {
        int bd = -1, bu = -1, bp = 0;
        for (int d = 0; d < a->ndivs; d++) {
            if (a->divs[d].allied) continue;
            for (int i = 0; i < a->divs[d].nunits; i++) {
                fogn_army_unit *u = &a->divs[d].units[i];
                int e = fogn_list_find_entry(L, u->entry), r = fogn_list_find_row(L, e, u->row);
                if (e < 0 || r < 0 || u->bases != 4) continue;
                const fogn_list_row *row = &L->entries[e].rows[r];
                if (fogn_list_type_arm((fogn_list_type)row->type) == FOGN_ARM_ART || !((row->sizes >> 6) & 1u)) continue;
                if (2 * row->pts > FOGN_SETUP_BONUS_PTS || (bd >= 0 && row->pts >= bp)) continue;
                bd = d, bu = i, bp = row->pts;
            }
        }
        if (bd >= 0) {
            a->divs[bd].units[bu].bases = 6;
            S->nbonus = 1;
            S->bonus_acv = 1; /* small (2) made large (3) */
            fogn_setup_note(S, side, "bonus (§17.1): no base at %d points or less; %s (%s) made large for %d points",
                            FOGN_SETUP_BONUS_BASE_PTS, a->divs[bd].units[bu].name[0] ? a->divs[bd].units[bu].name
                                                                                       : a->divs[bd].units[bu].entry,
                            a->divs[bd].name, 2 * bp);
        }
    }
    if (!S->nbonus) fogn_setup_note(S, side, "bonus (§17.1): nothing the list sells fits");
    else
        fogn_setup_note(S, S->defender, "the defender's army combat value gains %d; the attacker's stays as it was "
                        "(§17.1, sides[].acv_adjust %+d and %+d)", FOGN_BONUS_DEFENDER_ACV, FOGN_BONUS_DEFENDER_ACV,
                        -S->bonus_acv);
}

int fogn_setup_initiative_step(fogn_setup *S, gr_error *err)
{
    int level[2], rating[2];
    for (int s = 0; s < 2; s++) {
        int q = S->army[s].corps.quality;
        level[s] = q == FOGN_Q_EXCEPTIONAL ? 3 : q == FOGN_Q_SKILLED ? 2 : 1;
        rating[s] = S->list[s]->initiative;
    }
    if (fogn_setup_roll_initiative(S->dice, S->log, level, rating, &S->init, err)) return -1;
    S->attacker = S->init.attacker;
    S->defender = !S->attacker;
    fogn_setup_note(S, -1, "initiative (§17.1): %s %d+%d+%d = %d, %s %d+%d+%d = %d: %s attacks%s", S->side_name[0],
                    level[0], rating[0], S->init.roll[0], S->init.total[0], S->side_name[1], level[1], rating[1],
                    S->init.roll[1], S->init.total[1], S->side_name[S->attacker],
                    S->init.bonus ? " with bonus units" : "");
    if (S->init.bonus) add_bonus(S);
    return 0;
}

/* --- §17.2 region --------------------------------------------------------------------------------- */
int fogn_setup_region_step(fogn_setup *S, gr_error *err)
{
    const fogn_army_list *A = S->list[S->attacker], *D = S->list[S->defender];
    int cand[FOGN_LIST_MAX_REGIONS], n = 0;
    for (int i = 0; i < A->nregions; i++) {
        int r = fogn_setup_region_parse(A->regions[i]);
        for (int j = 0; r >= 0 && j < D->nregions; j++)
            if (fogn_setup_region_parse(D->regions[j]) == r) {
                bool dup = false;
                for (int k = 0; k < n; k++) dup |= cand[k] == r;
                if (!dup && n < FOGN_LIST_MAX_REGIONS) cand[n++] = r;
                break;
            }
    }
    bool shared = n > 0;
    for (int j = 0; !shared && j < D->nregions; j++) {
        int r = fogn_setup_region_parse(D->regions[j]);
        if (r >= 0 && n < FOGN_LIST_MAX_REGIONS) cand[n++] = r;
    }
    if (n == 0) return gr_error_set(err, "setup: neither list names a region (§17.2)");
    int pick = 0;
    if (n > 1) {
        int d = fogn_setup_roll(S, S->attacker, "choice of region among %d (policy die, §17.2)", n);
        if (!d) return dice_failed(S, err);
        pick = (d - 1) * n / 6;
    }
    S->region = cand[pick];
    fogn_setup_note(S, S->attacker, "region (§17.2): %s (%d of the %d regions %s)", region_names[S->region], pick + 1, n,
                    shared ? "both lists allow" : "the defender's list allows");
    return 0;
}

/* --- §17.2 selections ------------------------------------------------------------------------------- */
/* the concrete terrain type of a selection (Ruling: cycles through the kinds of a column) */
static gr_terrain_type concrete_type(const fogn_setup *S, int cat, int owner, int nth)
{
    switch (cat) {
    case FOGN_TC_OPEN: return GR_T_OPEN;
    case FOGN_TC_STEEP: return GR_T_STEEP_HILL;
    case FOGN_TC_GENTLE: return GR_T_GENTLE_HILL;
    case FOGN_TC_WATER: return owner == S->defender ? GR_T_RIVER : GR_T_STREAM;
    case FOGN_TC_ROAD: return GR_T_ROAD;
    case FOGN_TC_IMPASSABLE: return nth % 2 == 0 ? GR_T_LAKE : GR_T_ROCKY;
    case FOGN_TC_DIFFICULT: return nth % 2 == 0 ? GR_T_DENSE_WOOD : GR_T_MARSH;
    case FOGN_TC_BUILDINGS: return GR_T_BUILDING;
    default: {
        static const gr_terrain_type rough[3] = {GR_T_OPEN_WOOD, GR_T_FIELDS, GR_T_BRUSH};
        return rough[nth % 3];
    }
    }
}

static int add_pick(fogn_setup *S, int cat, int owner, bool compulsory, int used[FOGN_TC_COUNT], gr_error *err)
{
    if (S->npicks >= FOGN_SETUP_MAX_PICKS) return gr_error_set(err, "setup: too many terrain selections");
    fogn_setup_pick *p = &S->picks[S->npicks++];
    p->cat = (uint8_t)cat;
    p->type = (uint8_t)concrete_type(S, cat, owner, used[cat]);
    p->owner = (uint8_t)owner;
    p->compulsory = compulsory;
    p->large = 0;
    used[cat]++;
    fogn_setup_note(S, owner, "selects %s %s (%s)", compulsory ? "compulsory" : "optional", tcat_names[cat],
                    gr_terrain_type_name((gr_terrain_type)p->type));
    return 0;
}

int fogn_setup_select_step(fogn_setup *S, gr_error *err)
{
    int reg = S->region, used[FOGN_TC_COUNT] = {0};
    /* the four compulsory items: the attacker takes two by his preference
     * (a village first in France & Central Europe), the defender the rest */
    int comp[8], nc = 0;
    for (int c = 0; c < FOGN_TC_COUNT; c++)
        for (int k = 0; k < region_min[reg][c] && nc < 8; k++) comp[nc++] = c;
    bool taken[8] = {false};
    int att_took = 0;
    if (reg == FOGN_REG_CENTRAL)
        for (int i = 0; i < nc && att_took < 1; i++)
            if (comp[i] == FOGN_TC_BUILDINGS) {
                taken[i] = true;
                att_took++;
                if (add_pick(S, comp[i], S->attacker, true, used, err)) return -1;
            }
    for (int p = 0; p < FOGN_TC_COUNT && att_took < 2; p++)
        for (int i = 0; i < nc && att_took < 2; i++)
            if (!taken[i] && comp[i] == pref_attacker[p]) {
                taken[i] = true;
                att_took++;
                if (add_pick(S, comp[i], S->attacker, true, used, err)) return -1;
            }
    for (int i = 0; i < nc; i++)
        if (!taken[i] && add_pick(S, comp[i], S->defender, true, used, err)) return -1;

    /* optional: a die for how many, a die for where in his preference order he
     * starts, then round the order, skipping types at their maximum */
    for (int k = 0; k < 2; k++) {
        int side = k == 0 ? S->attacker : S->defender;
        const uint8_t *pref = side == S->attacker ? pref_attacker : pref_defender;
        int d1 = fogn_setup_roll(S, side, "how many optional terrain pieces (policy die, §17.2)");
        if (!d1) return dice_failed(S, err);
        int d2 = fogn_setup_roll(S, side, "first optional terrain preference (policy die, §17.2)");
        if (!d2) return dice_failed(S, err);
        int want = FOGN_SETUP_OPT_MIN + (d1 - 1) / 2, at = d2 - 1, got = 0;
        for (int i = 0; i < want; i++) {
            int found = -1;
            for (int step = 0; step < FOGN_TC_COUNT && found < 0; step++) {
                int c = pref[(at + step) % FOGN_TC_COUNT];
                if (used[c] + 1 <= region_max[reg][c]) found = (at + step) % FOGN_TC_COUNT;
            }
            if (found < 0) break;
            if (add_pick(S, pref[found], side, false, used, err)) return -1;
            at = found + 1;
            got++;
        }
        if (got < want) fogn_setup_note(S, side, "only %d optional pieces fit the region's maxima", got);
    }
    return 0;
}

/* --- the whole run ------------------------------------------------------------------------------------ */
json_t *fogn_setup_generate(const fogn_army_list *la, const fogn_army *a, const fogn_army_list *lb,
                            const fogn_army *b, gr_dice *dice, gr_log *log, gr_error *err)
{
    return fogn_setup_generate_with(la, a, lb, b, NULL, dice, log, err);
}

json_t *fogn_setup_generate_with(const fogn_army_list *la, const fogn_army *a, const fogn_army_list *lb,
                                 const fogn_army *b, const fogn_setup_options *opt, gr_dice *dice, gr_log *log,
                                 gr_error *err)
{
    fogn_setup *S = fogn_setup_new(la, a, lb, b, dice, log, err);
    if (!S) return NULL;
    if (opt) S->opt = *opt;
    json_t *out = NULL;
    if (!fogn_setup_initiative_step(S, err) && !fogn_setup_region_step(S, err) && !fogn_setup_fixed_step(S, err) &&
        !fogn_setup_select_step(S, err) && !fogn_setup_place_step(S, err) && !fogn_setup_attach_step(S, err) &&
        !fogn_setup_hold_step(S, err) && !fogn_setup_deploy_step(S, err))
        out = fogn_setup_to_json(S, err);
    free(S);
    return out;
}

