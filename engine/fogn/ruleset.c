/* ruleset.c - fogn's entry in the game interface: the gr_ruleset table, the
 * result, the evaluator's features, what to draw, the state as JSON, the
 * invariants checked after every action in debug builds, and a text summary. */
#include "rules/steps.h"
#include "rules/building.h"
#include "rules/edit.h"
#include "rules/reserve.h"
#include "rules/memo.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void fogn_init(const void *scn, void *state);
int fogn_to_move(const void *scn, const void *state);
int fogn_legal_actions(const void *scn, const void *state, gr_action *out, int max);
int fogn_candidates(const void *scn, const void *state, gr_action *out, int max);
int fogn_action_legal(const void *scn, const void *state, const gr_action *a);
int fogn_apply(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, gr_error *err);
int fogn_apply_checked(const void *scn, void *state, const gr_action *a, gr_dice *dice);
const char *fogn_phase_name(int ph);

static const gr_terrain *fogn_terrain(const void *scn) { return &((const fogn_scenario *)scn)->terrain; }

static void *memo_create(const void *scn)
{
    (void)scn;
    return fogn_memo_create();
}

static void memo_free(void *memo) { fogn_memo_free(memo); }

static void fogn_result(const void *scn, const void *state, gr_result *out)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    memset(out, 0, sizeof *out);
    out->winner = GR_SIDE_NONE;
    out->score[0] = out->score[1] = 0.5;
    if (!st->over) return;
    out->over = 1;
    out->winner = st->winner;
    out->margin = st->margin;
    if (st->winner >= 0) {
        out->score[st->winner] = 1;
        out->score[st->winner ^ 1] = 0;
    }
    static const char *const levels[] = {"draw", "marginal victory", "moderate victory", "major victory"};
    int a0 = fogn_attrition(s, st, 0), a1 = fogn_attrition(s, st, 1);
    const char *why = st->end_reason == 2 ? "army morale" : st->end_reason == 3 ? "decision limit" : "turn limit";
    char objs[48] = "";
    if (s->nobj > 0 && st->end_reason != 2)
        snprintf(objs, sizeof objs, ", objectives %d to %d", fogn_objective_points(s, st, 0), fogn_objective_points(s, st, 1));
    if (st->winner >= 0)
        snprintf(out->reason, sizeof out->reason, "%s: %s for %s (attrition %d to %d%s)", why, levels[st->margin & 3],
                 s->side_name[st->winner], a0, a1, objs);
    else
        snprintf(out->reason, sizeof out->reason, "%s: draw (attrition %d to %d%s)", why, a0, a1, objs);
}

/* an objective is threatened by a side with a good-order unit within this
 * many MU of its radius (about one move of formed infantry): an evaluation
 * input, not a rule */
#define FOGN_FEATURE_THREAT_MU 6.0
/* objectives_approach: an objective not yet the side's own counts its points
 * times 1 - d / this distance, d being how far its nearest good-order unit is
 * from the objective's edge: a slope the search can climb over several moves
 * (AI evaluation input, not a rule) */
#define FOGN_FEATURE_APPROACH_MU 24.0

/* names of the per-unit features, made once at compile time */
#define U4(n) "u" #n "_side", "u" #n "_value", "u" #n "_cohesion", "u" #n "_spent"
#define U40(m) U4(m##0), U4(m##1), U4(m##2), U4(m##3), U4(m##4), U4(m##5), U4(m##6), U4(m##7), U4(m##8), U4(m##9)
static const char *const unit_feature_names[FOGN_MAX_UNITS * 4] = {
    U4(0), U4(1), U4(2), U4(3), U4(4), U4(5), U4(6), U4(7), U4(8), U4(9), U40(1), U40(2), U40(3),
    U4(40), U4(41), U4(42), U4(43), U4(44), U4(45), U4(46), U4(47)};
_Static_assert(FOGN_MAX_UNITS == 48, "unit_feature_names names 48 units: extend it with FOGN_MAX_UNITS");
#undef U40
#undef U4

/* Evaluator inputs (DESIGN.md, eval/): per side its army's state, and per
 * unit its side, value, cohesion (4 = destroyed or gone) and Spent mark. */
static int fogn_features(const void *scn, const void *state, double *out, const char **names, int max)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    int n = 0;
#define FEAT(nm, v) do { if (n < max) { if (names) names[n] = nm; out[n] = (v); n++; } } while (0)
    static const char *const side_names[2][16] = {
        {"s0_acv", "s0_attrition", "s0_attrition_to_break", "s0_steady", "s0_disordered", "s0_wavering", "s0_broken",
         "s0_objectives_held", "s0_objectives_contested", "s0_loc_occupied", "s0_loc_threat", "s0_fresh_cavalry",
         "s0_objectives_threatened", "s0_objectives_approach", "s0_objectives_exposed", "s0_flank_exposed"},
        {"s1_acv", "s1_attrition", "s1_attrition_to_break", "s1_steady", "s1_disordered", "s1_wavering", "s1_broken",
         "s1_objectives_held", "s1_objectives_contested", "s1_loc_occupied", "s1_loc_threat", "s1_fresh_cavalry",
         "s1_objectives_threatened", "s1_objectives_approach", "s1_objectives_exposed", "s1_flank_exposed"}};
    double contested = 0, threatened[2] = {0, 0}, approach[2] = {0, 0}, exposed[2] = {0, 0};
    for (int o = 0; o < s->nobj; o++) {
        int near[2] = {0, 0}, close[2] = {0, 0};
        double nearest[2] = {INFINITY, INFINITY};
        for (int i = 0; i < s->nunits; i++) {
            if (!fogn_unit_alive(&st->u[i]) || st->u[i].cohesion >= FOGN_WAVERING) continue;
            /* a unit whose every part (within its reach of its front-edge
             * centre) is beyond the approach distance counts for nothing */
            double dx = st->u[i].x - s->obj[o].x, dy = st->u[i].y - s->obj[o].y;
            double far = s->obj[o].radius + FOGN_FEATURE_APPROACH_MU + fogn_unit_reach(&s->units[i], &st->u[i]) + 1e-6;
            if (dx * dx + dy * dy > far * far) continue;
            gr_rect r = fogn_unit_rect(&s->units[i], &st->u[i]);
            double d = gr_rect_point_dist(&r, gr_v2(s->obj[o].x, s->obj[o].y));
            if (d <= s->obj[o].radius) near[s->units[i].side] = 1;
            if (d <= s->obj[o].radius + FOGN_FEATURE_THREAT_MU) close[s->units[i].side] = 1;
            if (d < nearest[s->units[i].side]) nearest[s->units[i].side] = d;
        }
        if (near[0] && near[1]) contested += s->obj[o].points;
        /* threatened by a side: within its reach, and not already its own */
        for (int side = 0; side < 2; side++)
            if (close[side] && st->obj_owner[o] != side) threatened[side] += s->obj[o].points;
        /* exposed: the side's own, none of its good-order units on it, and an
         * enemy good-order unit close enough to walk in unopposed next move */
        for (int side = 0; side < 2; side++)
            if (st->obj_owner[o] == side && !near[side] && close[side ^ 1]) exposed[side] += s->obj[o].points;
        for (int side = 0; side < 2; side++) {
            double edge = fmax(0.0, nearest[side] - s->obj[o].radius);
            if (st->obj_owner[o] != side && edge < FOGN_FEATURE_APPROACH_MU)
                approach[side] += s->obj[o].points * (1.0 - edge / FOGN_FEATURE_APPROACH_MU);
        }
    }
    for (int side = 0; side < 2; side++) {
        const char *const *nm = side_names[side];
        double acv = fogn_acv(s, side), att = fogn_attrition_exact(s, st, side);
        double by[4] = {0, 0, 0, 0}, fresh = 0;
        for (int i = 0; i < s->nunits; i++) {
            if (s->units[i].side != side || !fogn_unit_alive(&st->u[i])) continue;
            by[st->u[i].cohesion & 3] += fogn_unit_value(&s->units[i]);
            if (fogn_troop_arm((fogn_troop)s->units[i].troop) == FOGN_ARM_CAV && !(st->u[i].flags & FOGN_UF_SPENT) &&
                st->u[i].cohesion < FOGN_BROKEN)
                fresh++;
        }
        double threat = fogn_loc_threat(s, st, side);
        FEAT(nm[0], acv);
        FEAT(nm[1], att);
        /* the share of the way to the 50% break point (§14) */
        FEAT(nm[2], acv > 0 ? att / (acv * FOGN_DEFEAT_PCT / 100.0) : 0);
        for (int c = 0; c < 4; c++) FEAT(nm[3 + c], by[c]);
        /* the objectives a side owns (what counts at a timed end, victory.c) */
        FEAT(nm[7], fogn_objective_points(s, st, side));
        FEAT(nm[8], contested);
        FEAT(nm[9], fogn_loc_occupied(s, st, side) ? 1 : 0);
        FEAT(nm[10], isfinite(threat) ? threat : -1);
        FEAT(nm[11], fresh);
        FEAT(nm[12], threatened[side]);
        FEAT(nm[13], approach[side]);
        FEAT(nm[14], exposed[side]);
        FEAT(nm[15], fogn_flank_exposure(s, st, side));
    }
    FEAT("move", st->move);
    FEAT("active", st->active);
    /* the time left and what it would give: player-moves still to begin before
     * the timed end (0 during the last one), and side 0's score were the game
     * to end by time now (1 a win, 0.5 a draw, 0 a loss), for the evaluation's
     * end-game blend (eval.h) */
    int last = 2 * fogn_turn_limit(s);
    FEAT("moves_left", st->move < last ? last - st->move : 0);
    int tw = fogn_timed_outcome(s, st, NULL);
    FEAT("timed_score0", tw == 0 ? 1.0 : tw == 1 ? 0.0 : 0.5);
    /* the same count as a number: side 0's lead in attrition points, and the
     * lead a win needs (for the smoothed blend, eval.h) */
    FEAT("timed_lead0", fogn_timed_lead(s, st));
    FEAT("timed_band", FOGN_MARGINAL_MARGIN);
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit *u = &st->u[i];
        int alive = fogn_unit_alive(u) && !(u->flags & FOGN_UF_ABANDONED);
        FEAT(unit_feature_names[4 * i], s->units[i].side);
        FEAT(unit_feature_names[4 * i + 1], fogn_unit_value(&s->units[i]));
        FEAT(unit_feature_names[4 * i + 2], alive ? u->cohesion : 4);
        FEAT(unit_feature_names[4 * i + 3], (u->flags & FOGN_UF_SPENT) ? 1 : 0);
    }
#undef FEAT
    return n;
}

static void fogn_describe(const void *scn, const void *state, char *buf, size_t cap)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    if (st->over) { snprintf(buf, cap, "the game is over"); return; }
    const fogn_step_def *d = fogn_step_def_of(st->step);
    int actor = fogn_cursor_actor(s, st);
    const char *step = d ? d->name : "?";
    if (actor < 0)
        snprintf(buf, cap, "move %d, %s, %s phase: %s for %s", st->move, s->side_name[st->active],
                 fogn_phase_name(st->phase), step, s->side_name[st->decider]);
    else if (actor < s->nunits)
        snprintf(buf, cap, "move %d, %s, %s phase, %s: %s%s (u%d)", st->move, s->side_name[st->active],
                 fogn_phase_name(st->phase), step, s->units[actor].name, st->second ? ", second move" : "", actor);
    else
        snprintf(buf, cap, "move %d, %s, %s phase, %s: commander %s (c%d)", st->move, s->side_name[st->active],
                 fogn_phase_name(st->phase), step, s->cmdrs[actor - s->nunits].name, actor - s->nunits);
}

static int fogn_render_items(const void *scn, const void *state, gr_render_item *out, int max)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    int n = 0;
    for (int i = 0; i < s->nunits && n < max; i++) {
        const fogn_unit *u = &st->u[i];
        if (!fogn_unit_alive(u)) continue;
        gr_render_item *it = &out[n++];
        memset(it, 0, sizeof *it);
        it->side = s->units[i].side;
        it->kind = 0;
        snprintf(it->label, sizeof it->label, "%s", s->units[i].name);
        snprintf(it->detail, sizeof it->detail, "u%d %s%s%s", i, fogn_formation_name((fogn_formation)u->formation),
                 u->cohesion ? " " : "", u->cohesion ? fogn_cohesion_name((fogn_cohesion)u->cohesion) : "");
        gr_rect b[24];
        int nb = fogn_unit_base_rects(&s->units[i], u, b, 24);
        it->nbases = nb;
        for (int k = 0; k < nb; k++) {
            it->base[k][0] = b[k].fc.x;
            it->base[k][1] = b[k].fc.y;
            it->base[k][2] = b[k].heading;
            it->base[k][3] = b[k].w;
            it->base[k][4] = b[k].d;
        }
        it->broken = u->cohesion == FOGN_BROKEN;
        it->spent = (u->flags & FOGN_UF_SPENT) != 0;
    }
    for (int c = 0; c < s->ncmdrs && n < max; c++) {
        if (!(st->c[c].flags & FOGN_CF_ON_TABLE)) continue;
        gr_render_item *it = &out[n++];
        memset(it, 0, sizeof *it);
        it->side = s->cmdrs[c].side;
        it->kind = 1;
        snprintf(it->label, sizeof it->label, "%s", s->cmdrs[c].name);
        snprintf(it->detail, sizeof it->detail, "c%d %s", c,
                 s->cmdrs[c].role == FOGN_CMDR_CORPS ? "corps" : s->cmdrs[c].role == FOGN_CMDR_ARMY ? "army" : "division");
        gr_rect r = fogn_cmdr_rect(&st->c[c]);
        it->nbases = 1;
        it->base[0][0] = r.fc.x;
        it->base[0][1] = r.fc.y;
        it->base[0][2] = r.heading;
        it->base[0][3] = r.w;
        it->base[0][4] = r.d;
    }
    return n;
}

static json_t *fogn_state_to_json(const void *scn, const void *state)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    json_t *j = json_object();
    json_t *units = json_array(), *cmdrs = json_array();
    if (!j || !units || !cmdrs) { json_decref(j); json_decref(units); json_decref(cmdrs); return NULL; }
    json_object_set_new(j, "move", json_integer(st->move));
    json_object_set_new(j, "active", json_integer(st->active));
    json_object_set_new(j, "phase", json_string(fogn_phase_name(st->phase)));
    json_object_set_new(j, "cursor", json_integer(st->cursor));
    json_object_set_new(j, "second", json_boolean(st->second));
    json_object_set_new(j, "over", json_boolean(st->over));
    json_object_set_new(j, "winner", json_integer(st->winner));
    json_object_set_new(j, "margin", json_integer(st->margin));
    json_object_set_new(j, "end_reason", json_integer(st->end_reason));
    json_object_set_new(j, "decisions", json_integer(st->decisions));
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit *u = &st->u[i];
        json_t *o = json_pack("{s:s, s:f, s:f, s:f, s:f, s:s, s:s, s:i, s:i}", "name", s->units[i].name, "x", u->x, "y",
                              u->y, "facing", u->heading * 180.0 / GR_PI, "kink", u->kink * 180.0 / GR_PI, "formation",
                              fogn_formation_name((fogn_formation)u->formation), "cohesion",
                              fogn_cohesion_name((fogn_cohesion)u->cohesion), "flags", u->flags, "bases_lost",
                              u->bases_lost);
        json_array_append_new(units, o);
    }
    for (int c = 0; c < s->ncmdrs; c++) {
        json_t *o = json_pack("{s:s, s:f, s:f, s:i, s:i, s:i}", "name", s->cmdrs[c].name, "x", st->c[c].x, "y",
                              st->c[c].y, "leading", st->c[c].leading, "cp", st->c[c].cp, "flags", st->c[c].flags);
        json_array_append_new(cmdrs, o);
    }
    json_object_set_new(j, "units", units);
    json_object_set_new(j, "commanders", cmdrs);
    json_t *objs = json_array();
    for (int o = 0; o < s->nobj; o++)
        json_array_append_new(objs, json_pack("{s:s, s:i}", "name", s->obj[o].name, "owner", st->obj_owner[o]));
    json_object_set_new(j, "objectives", objs);
    json_t *res = json_array();
    for (int d = 0; d < s->ndivs; d++)
        if (s->divs[d].reserve)
            json_array_append_new(res, json_pack("{s:s, s:s}", "division", s->divs[d].name, "status",
                                                 fogn_res_status_name(st->res[d])));
    json_object_set_new(j, "reserves", res);
    return j;
}

static int fogn_check_invariants(const void *scn, const void *state, gr_error *err)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    if (st->active > 1) return gr_error_set(err, "active side %d", st->active);
    for (int o = 0; o < FOGN_MAX_OBJ; o++)
        if (st->obj_owner[o] < -1 || st->obj_owner[o] > 1 || (o >= s->nobj && st->obj_owner[o] != -1))
            return gr_error_set(err, "objective %d: owner %d", o, st->obj_owner[o]);
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit *u = &st->u[i];
        if (u->cohesion > FOGN_BROKEN) return gr_error_set(err, "%s: cohesion %d", s->units[i].name, u->cohesion);
        if (u->formation >= FOGN_F_COUNT) return gr_error_set(err, "%s: formation %d", s->units[i].name, u->formation);
        if (!isfinite(u->x) || !isfinite(u->y) || !isfinite(u->heading))
            return gr_error_set(err, "%s: position not finite", s->units[i].name);
        if (!fogn_unit_alive(u)) continue;
        /* §15.4, §15.5: a garrison holds a real area, in a real mode, alone */
        if (u->bld >= 0) {
            if (!fogn_bld_piece(s, u->bld) || u->bmode < FOGN_BLD_OCCUPY || u->bmode > FOGN_BLD_DEFEND ||
                u->bface >= FOGN_BLD_FACES)
                return gr_error_set(err, "%s: garrison of piece %d, mode %d, face %d", s->units[i].name, u->bld, u->bmode,
                                    u->bface);
            if (fogn_bld_holder(s, st, u->bld) != i)
                return gr_error_set(err, "%s: two units garrison %s", s->units[i].name, s->terrain.p[u->bld].name);
        } else if (u->bld != -1 || u->bmode != FOGN_BLD_NONE) {
            return gr_error_set(err, "%s: garrison fields %d/%d without an area", s->units[i].name, u->bld, u->bmode);
        }
        if (!fogn_formation_allowed(&s->units[i], (fogn_formation)u->formation))
            return gr_error_set(err, "%s: formation %s not allowed", s->units[i].name,
                                fogn_formation_name((fogn_formation)u->formation));
        gr_rect a[2];
        int na = fogn_unit_rects(&s->units[i], u, a);
        for (int k = 0; k < na; k++)
            if (!fogn_rect_on_table(s, &a[k])) return gr_error_set(err, "%s is off the table", s->units[i].name);
        for (int j = i + 1; j < s->nunits; j++) {
            if (!fogn_unit_alive(&st->u[j])) continue;
            gr_rect b[2];
            int nb = fogn_unit_rects(&s->units[j], &st->u[j], b);
            for (int x = 0; x < na; x++)
                for (int y = 0; y < nb; y++)
                    if (gr_rect_overlap(&a[x], &b[y], 1e-3))
                        return gr_error_set(err, "%s overlaps %s", s->units[i].name, s->units[j].name);
        }
    }
    for (int c = 0; c < s->ncmdrs; c++)
        if (st->c[c].leading >= s->nunits) return gr_error_set(err, "commander %d leads unit %d", c, st->c[c].leading);
    return fogn_fi_check_views(s, st, err);
}

static void fogn_summary(const void *scn, const void *state, FILE *out)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    fprintf(out, "%s\n", s->name);
    if (s->description[0]) fprintf(out, "  %s\n", s->description);
    fprintf(out, "table %.4g x %.4g MU, %d terrain pieces, weather %s, %d moves a side, %s moves first\n", s->table_w,
            s->table_h, s->terrain.n, s->weather == FOGN_WEATHER_RAIN ? "rain" : "clear",
            fogn_turn_limit(s), s->side_name[s->first_side]);
    for (int side = 0; side < 2; side++) {
        fprintf(out, "\n%s (%s edge): army combat value %d, attrition %d\n", s->side_name[side],
                s->base_edge[side] ? "north" : "south", fogn_acv(s, side), fogn_attrition(s, st, side));
        for (int c = 0; c < s->ncmdrs; c++) {
            const fogn_cmdr_profile *cp = &s->cmdrs[c];
            if (cp->side != side || cp->role == FOGN_CMDR_DIVISION) continue;
            fprintf(out, "  c%-2d %s, %s commander (level %d%s), %d CP\n", c, cp->name,
                    cp->role == FOGN_CMDR_CORPS ? "corps" : "army", cp->level, cp->charismatic ? ", charismatic" : "",
                    st->c[c].cp);
        }
        for (int d = 0; d < s->ndivs; d++) {
            if (s->divs[d].side != side) continue;
            int dc = s->divs[d].commander;
            fprintf(out, "  %s", s->divs[d].name);
            if (dc >= 0) fprintf(out, " - c%d %s (level %d, %d CP)", dc, s->cmdrs[dc].name, s->cmdrs[dc].level, st->c[dc].cp);
            if (s->divs[d].reserve && st->res[d] != FOGN_RES_NONE)
                fprintf(out, " - reserve from the %s edge, %s sector: %s", fogn_res_edge_name(s->divs[d].res_edge),
                        fogn_res_sector_name(s->divs[d].res_sector), fogn_res_status_name(st->res[d]));
            fprintf(out, "\n");
            for (int i = 0; i < s->nunits; i++) {
                const fogn_unit_profile *p = &s->units[i];
                const fogn_unit *u = &st->u[i];
                if (p->division != d) continue;
                fprintf(out, "    u%-2d %-28s %-5s %-8s %-9s %-23s %-12s %-10s (%5.1f,%5.1f) facing %4.0f%s%s\n", i,
                        p->name, p->size == FOGN_LARGE ? "large" : "small", fogn_elan_name((fogn_elan)p->elan),
                        fogn_training_name((fogn_training)p->training), fogn_troop_name((fogn_troop)p->troop),
                        fogn_formation_name((fogn_formation)u->formation),
                        fogn_cohesion_name((fogn_cohesion)u->cohesion), u->x, u->y, u->heading * 180.0 / GR_PI,
                        (u->flags & FOGN_UF_SPENT) ? " spent" : "", fogn_unit_alive(u) ? "" : " (off table)");
            }
        }
    }
    if (s->nobj) {
        fprintf(out, "\nobjectives:\n");
        for (int o = 0; o < s->nobj; o++)
            fprintf(out, "  obj%d %s at (%.1f, %.1f), radius %.1f, %d points\n", o, s->obj[o].name, s->obj[o].x,
                    s->obj[o].y, s->obj[o].radius, s->obj[o].points);
    }
}

const gr_ruleset fogn_ruleset = {
    .name = "fogn",
    .title = "Field of Glory Napoleonic",
    .state_size = sizeof(fogn_state),
    .scenario_load = fogn_scenario_load,
    .scenario_free = fogn_scenario_free,
    .terrain = fogn_terrain,
    .init = fogn_init,
    .to_move = fogn_to_move,
    .legal_actions = fogn_legal_actions,
    .candidates = fogn_candidates,
    .action_legal = fogn_action_legal,
    .apply = fogn_apply,
    .apply_checked = fogn_apply_checked,
    .memo_create = memo_create,
    .memo_free = memo_free,
    .result = fogn_result,
    .features = fogn_features,
    .action_info = fogn_action_info,
    .unit_count = fogn_unit_count,
    .unit_info = fogn_unit_info,
    .turn = fogn_turn,
    .phase = fogn_move_phase,
    .settle_phase = FOGN_PH_MOVEMENT, /* after the next move's assaults and both sides' fire */
    .format_action = fogn_format_action,
    .parse_action = fogn_parse_action,
    .edit = fogn_edit,
    .describe_decision = fogn_describe,
    .state_to_json = fogn_state_to_json,
    .state_from_json = NULL,
    .render_items = fogn_render_items,
    .check_invariants = fogn_check_invariants,
    .summary = fogn_summary,
};
