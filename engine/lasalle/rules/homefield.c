/* homefield.c - Home Field Advantage in a scenario file (homefield.h). */
#include "homefield.h"
#include "footprint.h"

#include "../../core/jsonutil.h"

#include <string.h>

static const char *const home_keys[] = {"setup", "edge"};
static const char *const setup_names[] = {"short_edge", "long_edge"};
static const char *const short_names[] = {"west", "east"};

int lasalle_home_field_load(lasalle_scenario *s, json_t *o, const char *p, int side, gr_error *err)
{
    char q[256];
    int listed = (s->side_rules[side] & LASALLE_AB_HOME_FIELD) != 0, setup = 0, edge = 0;
    json_t *v = json_object_get(o, "home_field");
    gr_json_path_key(q, sizeof q, p, v ? "home_field" : "rules");
    if (!listed && !v) return 0;
    if (!listed) return gr_error_set(err, "%s: the side's \"rules\" must name home_field_advantage (H, p.76)", q);
    if (s->defender != side)
        return gr_error_set(err, "%s: Home Field Advantage serves only the army that defends (\"defender\": %d) "
                                 "(H, p.76)", q, side);
    if (!v) return gr_error_set(err, "%s: home_field_advantage needs the side's \"home_field\": {\"setup\": "
                                     "\"short_edge\" or \"long_edge\"} (H, p.76)", q);
    if (!json_is_object(v)) return gr_error_set(err, "%s: expected {\"setup\": ..., \"edge\": ...}", q);
    if (gr_json_only_keys(v, q, home_keys, 2, err) || gr_json_enum(v, q, "setup", true, setup_names, 2, &setup, err) ||
        gr_json_enum(v, q, "edge", setup == 0, short_names, 2, &edge, err))
        return -1;
    if (setup == 1 && json_object_get(v, "edge"))
        return gr_error_set(err, "%s.edge: only the short-edge setup names an edge (H, p.76)", q);
    s->home_field = setup ? LASALLE_HOME_LONG_EDGE : LASALLE_HOME_SHORT_EDGE;
    s->home_short_edge = edge ? LASALLE_EDGE_EAST : LASALLE_EDGE_WEST;
    return 0;
}

/* how far the unit's farthest corner lies from the west (or east) edge */
static double depth_from(const lasalle_scenario *s, const lasalle_unit_profile *p, int edge)
{
    gr_rect h = lasalle_hull_at(p, p->form, p->x, p->y, p->heading);
    gr_vec2 c[4];
    gr_rect_corners(&h, c);
    double far = 0;
    for (int m = 0; m < 4; m++) {
        double d = edge == LASALLE_EDGE_WEST ? c[m].x : s->table_w - c[m].x;
        if (d > far) far = d;
    }
    return far;
}

int lasalle_home_field_check(lasalle_scenario *s, gr_error *err)
{
    if (s->home_field != LASALLE_HOME_SHORT_EDGE) return 0;
    int def = s->defender, mine = s->home_short_edge;
    int theirs = mine == LASALLE_EDGE_WEST ? LASALLE_EDGE_EAST : LASALLE_EDGE_WEST;
    /* the attacker's reserves are set up with the army and play from the first turn */
    for (int f = 0; f < s->nforces; f++)
        if (s->forces[f].side != def && s->forces[f].arrive == LASALLE_ARRIVE_ROLL) {
            s->forces[f].arrive = LASALLE_ARRIVE_START;
            for (int k = 0; k < s->forces[f].nunits; k++) {
                const lasalle_unit_profile *p = &s->units[s->forces[f].units[k]];
                if (depth_from(s, p, theirs) > LASALLE_HOME_RESERVE_BW + 1e-9)
                    return gr_error_set(err, "$.sides[%d]: %s, a reserve, sets up within %g BW of the %s edge "
                                             "(Home Field Advantage, H p.76)", def ^ 1, p->name,
                                        LASALLE_HOME_RESERVE_BW, short_names[theirs == LASALLE_EDGE_EAST]);
            }
        }
    for (int i = 0; i < s->nunits; i++) {
        const lasalle_unit_profile *p = &s->units[i];
        if (p->force >= 0 && s->forces[p->force].arrive != LASALLE_ARRIVE_START) continue;
        int edge = p->side == def ? mine : theirs;
        double lim = p->side == def ? LASALLE_HOME_DEFENDER_BW : LASALLE_HOME_ATTACKER_BW;
        if (depth_from(s, p, edge) > lim + 1e-9)
            return gr_error_set(err, "$.sides[%d]: %s sets up within %g BW of the %s edge (Home Field Advantage, "
                                     "short-edge setup, H p.76)", p->side, p->name, lim,
                                short_names[edge == LASALLE_EDGE_EAST]);
    }
    return 0;
}
