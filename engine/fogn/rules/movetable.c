/* movetable.c - the §8.3 movement table and the movement class each terrain
 * type imposes (§15.1), with the weather shift and the 1 MU minimum. */
#include "movetable.h"

#include <math.h>

fogn_move_class fogn_piece_move_class(const gr_terrain_piece *p)
{
    switch ((gr_terrain_type)p->type) {
    case GR_T_FIELDS:
    case GR_T_BRUSH:
    case GR_T_GULLY:
    case GR_T_BUILDING: /* occupying a built-up area counts as rough (§15.4) */
        return FOGN_MC_ROUGH;
    case GR_T_OPEN_WOOD: /* the piece says whether it is rough or difficult */
        return p->grade ? FOGN_MC_DIFFICULT : FOGN_MC_ROUGH;
    case GR_T_DENSE_WOOD:
    case GR_T_MARSH:
    case GR_T_STEEP_HILL:
        return FOGN_MC_DIFFICULT;
    case GR_T_LAKE:
    case GR_T_ROCKY:
        return FOGN_MC_IMPASSABLE;
    case GR_T_RIVER:
    case GR_T_STREAM:
        if (p->grade == GR_WATER_TORRENT) return FOGN_MC_IMPASSABLE;
        if (p->grade == GR_WATER_DRY && p->type == GR_T_RIVER) return FOGN_MC_ROUGH; /* a gully */
        return FOGN_MC_OPEN; /* crossing is an obstacle matter, §15.6 */
    default:
        return FOGN_MC_OPEN;
    }
}

bool fogn_piece_hinders_move(const gr_terrain_piece *p)
{
    if (fogn_piece_move_class(p) != FOGN_MC_OPEN) return true;
    switch ((gr_terrain_type)p->type) {
    case GR_T_WALL:
    case GR_T_HEDGE:
    case GR_T_BUILDING:
    case GR_T_FORTIFICATION:
    case GR_T_RIVER:
    case GR_T_STREAM: return true;
    default: return false;
    }
}

const char *fogn_move_class_name(fogn_move_class c)
{
    static const char *const names[] = {"open", "rough", "difficult", "impassable"};
    return (unsigned)c < 4 ? names[c] : "?";
}

/* one row of the table: open, rough, difficult (-1 = not allowed) */
typedef struct row3 { double v[3]; } row3;

static row3 table_row(const fogn_unit_profile *p, fogn_formation f)
{
    fogn_troop t = (fogn_troop)p->troop;
    fogn_arm arm = fogn_troop_arm(t);
    if (arm == FOGN_ARM_ART) {
        if (f == FOGN_F_UNLIMBERED) {
            int heavy = p->weight == FOGN_HEAVY || p->attach[0] == FOGN_ATT_HEAVY_ARTILLERY ||
                        p->attach[1] == FOGN_ATT_HEAVY_ARTILLERY;
            if (heavy) return (row3){{2, 1, -1}};
            return (row3){{FOGN_R_PROLONG_MEDIUM_OPEN, 2, 1}};
        }
        if (t == FOGN_ART_HORSE) return (row3){{10, FOGN_R_HORSE_ART_ROUGH, FOGN_R_HORSE_ART_DIFFICULT}};
        return (row3){{6, 4, 2}};
    }
    if (arm == FOGN_ARM_CAV) {
        if (f == FOGN_F_COLUMN || t == FOGN_CAV_IRR_LIGHT ||
            (t == FOGN_CAV_LIGHT && f == FOGN_F_LINE))
            return (row3){{10, 8, 6}};
        if (t == FOGN_CAV_LIGHT) return (row3){{FOGN_R_LIGHT_CAV_OPEN, FOGN_R_LIGHT_CAV_ROUGH, 4}};
        return (row3){{8, 6, 2}}; /* heavy, irregular heavy */
    }
    /* infantry */
    int reformed = (t == FOGN_INF_REFORMED || t == FOGN_INF_LIGHT) && !(p->caps & FOGN_CAP_MOVE_UNREFORMED);
    switch (f) {
    case FOGN_F_COLUMN: return (row3){{6, 4, 4}};
    case FOGN_F_SKIRMISH:
    case FOGN_F_SKIRMISH_LINE: return (row3){{FOGN_R_SKIRMISH_OPEN, 6, 4}};
    case FOGN_F_SQUARE: return (row3){{FOGN_R_SQUARE_MOVE, FOGN_R_SQUARE_MOVE, FOGN_R_SQUARE_MOVE}};
    case FOGN_F_LINE: return reformed ? (row3){{3, 2, 1}} : (row3){{4, 3, 2}};
    default: return reformed ? (row3){{6, 4, 2}} : (row3){{4, 3, 2}}; /* tactical, deep */
    }
}

double fogn_allowance_row(const fogn_unit_profile *p, fogn_formation f, fogn_move_class mc)
{
    if (mc == FOGN_MC_IMPASSABLE) return -1;
    return table_row(p, f).v[mc];
}

/* Heavy rain or snow (§8.3): open counts as rough, rough as difficult,
 * difficult is halved (at least 1 MU). */
static double weathered(row3 r, fogn_move_class mc, int rain)
{
    if (mc == FOGN_MC_IMPASSABLE) return -1;
    if (!rain) return r.v[mc];
    if (mc == FOGN_MC_OPEN) return r.v[FOGN_MC_ROUGH];
    if (mc == FOGN_MC_ROUGH) return r.v[FOGN_MC_DIFFICULT];
    if (r.v[FOGN_MC_DIFFICULT] < 0) return -1;
    double h = r.v[FOGN_MC_DIFFICULT] / 2.0;
    return h < FOGN_MIN_MOVE ? FOGN_MIN_MOVE : h;
}

double fogn_allowance(const fogn_scenario *s, const fogn_unit_profile *p, const fogn_unit *u,
                      fogn_move_class mc)
{
    row3 r = table_row(p, (fogn_formation)u->formation);
    double a = weathered(r, mc, s->weather == FOGN_WEATHER_RAIN);
    if (a < 0) {
        /* unlimbered heavy guns in difficult ground cannot move at all; others get the minimum */
        if (mc == FOGN_MC_IMPASSABLE || u->formation == FOGN_F_UNLIMBERED) return -1;
        return FOGN_MIN_MOVE;
    }
    return a < FOGN_MIN_MOVE ? FOGN_MIN_MOVE : a;
}

double fogn_cmdr_allowance(const fogn_scenario *s, fogn_move_class mc)
{
    row3 r = {{FOGN_R_CMDR_OPEN, FOGN_R_CMDR_ROUGH, FOGN_R_CMDR_DIFFICULT}};
    return weathered(r, mc, s->weather == FOGN_WEATHER_RAIN);
}
