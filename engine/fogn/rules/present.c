/* present.c - a fogn position for front ends, records and tests
 * (present.h): the result told in words, the decision now due, what to
 * draw, the board, the state as JSON, the invariants checked after every
 * action in debug builds and by the soak, and a text summary. */
#include "present.h"
#include "steps.h"
#include "turn.h"
#include "building.h"
#include "reserve.h"
#include "move.h"
#include "victory.h"

#include <math.h>
#include <stdio.h>
#include <string.h>


void fogn_result(const void *scn, const void *state, gr_result *out)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    memset(out, 0, sizeof *out);
    out->winner = GR_SIDE_NONE;
    out->score[0] = out->score[1] = 0.5;
    if (!st->turn.over) return;
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
    /* each count names its army, in the scenario's order of sides */
    char *r = out->reason;
    size_t cap = sizeof out->reason, n = 0;
    if (st->winner >= 0)
        n += (size_t)snprintf(r, cap, "%s: %s for %s", why, levels[st->margin & 3], s->side_name[st->winner]);
    else
        n += (size_t)snprintf(r, cap, "%s: draw", why);
    if (n < cap)
        n += (size_t)snprintf(r + n, cap - n, " (attrition: %s %d, %s %d", s->side_name[0], a0, s->side_name[1], a1);
    if (n < cap && s->nobj > 0 && st->end_reason != 2)
        n += (size_t)snprintf(r + n, cap - n, "; objectives: %s %d, %s %d", s->side_name[0],
                              fogn_objective_points(s, st, 0), s->side_name[1], fogn_objective_points(s, st, 1));
    if (n < cap) snprintf(r + n, cap - n, ")");
}

void fogn_describe(const void *scn, const void *state, char *buf, size_t cap)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    if (st->turn.over) { snprintf(buf, cap, "the game is over"); return; }
    const fogn_step_def *d = fogn_step_def_of(st->turn.step);
    int actor = fogn_cursor_actor(s, st);
    const char *step = d ? d->name : "?";
    if (actor < 0)
        snprintf(buf, cap, "move %d, %s, %s phase: %s for %s", st->move, s->side_name[st->active],
                 fogn_phase_name(st->turn.phase), step, s->side_name[st->turn.decider]);
    else if (actor < s->nunits)
        snprintf(buf, cap, "move %d, %s, %s phase, %s: %s%s (u%d)", st->move, s->side_name[st->active],
                 fogn_phase_name(st->turn.phase), step, s->units[actor].name, st->turn.second ? ", second move" : "", actor);
    else
        snprintf(buf, cap, "move %d, %s, %s phase, %s: commander %s (c%d)", st->move, s->side_name[st->active],
                 fogn_phase_name(st->turn.phase), step, s->cmdrs[actor - s->nunits].name, actor - s->nunits);
}

/* a commander's post in words */
static const char *role_name(int role)
{
    return role == FOGN_CMDR_CORPS ? "corps" : role == FOGN_CMDR_ARMY ? "army" : "division";
}

/* the bend of a unit in words: a kinked line (§8.5), a column bent at a turn (§8.4), or ""; the
 * map's labels take the short words */
static const char *bend_words(const fogn_unit *u, int short_words)
{
    if (u->kink == 0) return "";
    if (FOGN_BENT_COLUMN(u)) return short_words ? ", bent" : ", bent at a turn";
    return ", kinked";
}

/* what the map writes under a unit's name: its id, formation and what a
 * player must see at a glance (a bend, cohesion short of Steady, Spent, in
 * melee, holding a building or field work) */
static void unit_detail(const fogn_state *st, int i, char *buf, size_t cap)
{
    const fogn_unit *u = &st->u[i];
    snprintf(buf, cap, "u%d %s%s%s%s%s%s%s", i, fogn_formation_name((fogn_formation)u->formation), bend_words(u, 1),
             u->cohesion ? ", " : "", u->cohesion ? fogn_cohesion_name((fogn_cohesion)u->cohesion) : "",
             (u->flags & FOGN_UF_SPENT) ? ", spent" : "", (u->flags & FOGN_UF_IN_COMBAT) ? ", in melee" : "",
             u->bld < 0 ? "" : u->bmode == FOGN_BLD_DEFEND ? ", defending" : ", occupying");
}

int fogn_render_items(const void *scn, const void *state, gr_render_item *out, int max)
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
        snprintf(it->ref, sizeof it->ref, "u%d", i);
        unit_detail(st, i, it->detail, sizeof it->detail);
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
        it->worn = (u->flags & FOGN_UF_SPENT) != 0;
    }
    for (int c = 0; c < s->ncmdrs && n < max; c++) {
        if (!(st->c[c].flags & FOGN_CF_ON_TABLE)) continue;
        gr_render_item *it = &out[n++];
        memset(it, 0, sizeof *it);
        it->side = s->cmdrs[c].side;
        it->kind = 1;
        snprintf(it->label, sizeof it->label, "%s", s->cmdrs[c].name);
        snprintf(it->ref, sizeof it->ref, "c%d", c);
        char leads[16] = "";
        if (st->c[c].leading >= 0) snprintf(leads, sizeof leads, ", leads u%d", st->c[c].leading);
        snprintf(it->detail, sizeof it->detail, "c%d %s, %d CP%s", c, role_name(s->cmdrs[c].role), st->c[c].cp, leads);
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

/* one unit of the state's JSON: who it is, where, how it stands, and its
 * flags both as named fields and as the raw FOGN_UF_* word */
static json_t *unit_json(const fogn_scenario *s, const fogn_state *st, int i)
{
    const fogn_unit_profile *p = &s->units[i];
    const fogn_unit *u = &st->u[i];
    char id[16];
    snprintf(id, sizeof id, "u%d", i);
    const char *status = (u->flags & FOGN_UF_DESTROYED) ? "destroyed" : (u->flags & FOGN_UF_ON_TABLE) ? "on_table" : "off_table";
    json_t *o = json_pack("{s:s, s:s, s:i, s:s, s:s, s:s, s:s, s:f, s:f, s:f, s:f, s:s, s:s, s:i}", "id", id, "name",
                          p->name, "side", p->side, "troop", fogn_troop_name((fogn_troop)p->troop), "size",
                          p->size == FOGN_LARGE ? "large" : "small", "division",
                          p->division >= 0 && p->division < s->ndivs ? s->divs[p->division].name : "", "status", status,
                          "x", u->x, "y", u->y, "facing", u->heading * 180.0 / GR_PI, "kink", u->kink * 180.0 / GR_PI,
                          "formation", fogn_formation_name((fogn_formation)u->formation), "cohesion",
                          fogn_cohesion_name((fogn_cohesion)u->cohesion), "bases_lost", u->bases_lost);
    if (!o) return NULL;
    json_object_set_new(o, "bend", json_real(u->bend));
    bool in = u->bld >= 0 && u->bld < s->terrain.n;
    json_object_set_new(o, "building", in ? json_string(s->terrain.p[u->bld].name) : json_null());
    json_object_set_new(o, "building_mode", !in ? json_null()
                                            : json_string(u->bmode == FOGN_BLD_DEFEND ? "defending" : "occupying"));
    static const struct { const char *name; uint32_t bit; } named[] = {
        {"spent", FOGN_UF_SPENT},       {"abandoned", FOGN_UF_ABANDONED}, {"moved", FOGN_UF_MOVED},
        {"halted", FOGN_UF_HALTED},     {"no_advance", FOGN_UF_NO_ADVANCE}, {"assaulting", FOGN_UF_ASSAULTING},
        {"in_combat", FOGN_UF_IN_COMBAT}};
    for (size_t k = 0; k < sizeof named / sizeof named[0]; k++)
        json_object_set_new(o, named[k].name, json_boolean((u->flags & named[k].bit) != 0));
    json_object_set_new(o, "flags", json_integer(u->flags));
    return o;
}

json_t *fogn_state_to_json(const void *scn, const void *state)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    json_t *j = json_object();
    json_t *units = json_array(), *cmdrs = json_array();
    if (!j || !units || !cmdrs) { json_decref(j); json_decref(units); json_decref(cmdrs); return NULL; }
    json_object_set_new(j, "move", json_integer(st->move));
    json_object_set_new(j, "active", json_integer(st->active));
    json_object_set_new(j, "phase", json_string(fogn_phase_name(st->turn.phase)));
    json_object_set_new(j, "cursor", json_integer(st->turn.cursor));
    json_object_set_new(j, "second", json_boolean(st->turn.second));
    json_object_set_new(j, "over", json_boolean(st->turn.over));
    json_object_set_new(j, "winner", json_integer(st->winner));
    json_object_set_new(j, "margin", json_integer(st->margin));
    json_object_set_new(j, "end_reason", json_integer(st->end_reason));
    json_object_set_new(j, "decisions", json_integer(st->turn.decisions));
    for (int i = 0; i < s->nunits; i++) json_array_append_new(units, unit_json(s, st, i));
    for (int c = 0; c < s->ncmdrs; c++) {
        char id[16];
        snprintf(id, sizeof id, "c%d", c);
        const fogn_cmdr_profile *cp = &s->cmdrs[c];
        json_t *o = json_pack("{s:s, s:s, s:i, s:s, s:f, s:f, s:i, s:i, s:b, s:b, s:i}", "id", id, "name", cp->name,
                              "side", cp->side, "role",
                              role_name(cp->role),
                              "x", st->c[c].x, "y", st->c[c].y, "leading", st->c[c].leading, "cp", st->c[c].cp,
                              "on_table", (st->c[c].flags & FOGN_CF_ON_TABLE) != 0, "casualty",
                              (st->c[c].flags & FOGN_CF_CASUALTY) != 0, "flags", st->c[c].flags);
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

int fogn_check_invariants(const void *scn, const void *state, gr_error *err)
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

/* how near an army stands to breaking (§14: half its combat value in
 * attrition, less while the enemy has lost little) and which of its units
 * a commander should rally */
static void army_standing(const fogn_scenario *s, const fogn_state *st, int side, FILE *out)
{
    double acv = fogn_acv(s, side);
    fprintf(out, "army combat value %d, attrition %.1f; it breaks at %.1f (%d%%), or at %.1f (%d%%) while the "
            "enemy's attrition is under %d%% of its own value, %.1f (%d%%) while under %d%% (14)\n",
            fogn_acv(s, side), fogn_attrition_exact(s, st, side), acv * FOGN_DEFEAT_PCT / 100.0, FOGN_DEFEAT_PCT,
            acv * FOGN_DEFEAT_MID_PCT / 100.0, FOGN_DEFEAT_MID_PCT, FOGN_DEFEAT_MID_ENEMY_PCT,
            acv * FOGN_DEFEAT_LOW_PCT / 100.0, FOGN_DEFEAT_LOW_PCT, FOGN_DEFEAT_LOW_ENEMY_PCT);
    int n = 0;
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit *u = &st->u[i];
        if (s->units[i].side != side || !fogn_unit_alive(u) || u->cohesion == FOGN_STEADY) continue;
        fprintf(out, "%s u%d %s (%s)", n++ ? "," : "  to rally:", i, s->units[i].name,
                fogn_cohesion_name((fogn_cohesion)u->cohesion));
    }
    if (n) fprintf(out, "\n");
}

void fogn_summary(const void *scn, const void *state, FILE *out)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    fprintf(out, "%s\n", s->name);
    if (s->description[0]) fprintf(out, "  %s\n", s->description);
    if (s->notes[0]) fprintf(out, "  Notes: %s\n", s->notes);
    fprintf(out, "table %.4g x %.4g MU, %d terrain pieces, weather %s, %d moves a side, %s moves first\n", s->table_w,
            s->table_h, s->terrain.n, s->weather == FOGN_WEATHER_RAIN ? "rain" : "clear",
            fogn_turn_limit(s), s->side_name[s->first_side]);
    for (int side = 0; side < 2; side++) {
        fprintf(out, "\n%s (%s edge): ", s->side_name[side], s->base_edge[side] ? "north" : "south");
        army_standing(s, st, side, out);
        for (int c = 0; c < s->ncmdrs; c++) {
            const fogn_cmdr_profile *cp = &s->cmdrs[c];
            if (cp->side != side || cp->role == FOGN_CMDR_DIVISION) continue;
            fprintf(out, "  c%-2d %s, %s commander (level %d%s), %d CP\n", c, cp->name,
                    role_name(cp->role), cp->level, cp->charismatic ? ", charismatic" : "",
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
                fprintf(out, "    u%-2d %-28s %-5s %-8s %-9s %-23s %-12s %-10s (%5.1f,%5.1f) facing %4.0f%s%s%s\n", i,
                        p->name, p->size == FOGN_LARGE ? "large" : "small", fogn_elan_name((fogn_elan)p->elan),
                        fogn_training_name((fogn_training)p->training), fogn_troop_name((fogn_troop)p->troop),
                        fogn_formation_name((fogn_formation)u->formation),
                        fogn_cohesion_name((fogn_cohesion)u->cohesion), u->x, u->y, u->heading * 180.0 / GR_PI,
                        bend_words(u, 0), (u->flags & FOGN_UF_SPENT) ? " spent" : "",
                        fogn_unit_alive(u) ? "" : " (off table)");
            }
        }
    }
    if (s->nobj) {
        fprintf(out, "\nobjectives:\n");
        for (int o = 0; o < s->nobj; o++)
            fprintf(out, "  obj%d %s at (%.1f, %.1f), radius %.1f, %d points, held by %s\n", o, s->obj[o].name,
                    s->obj[o].x, s->obj[o].y, s->obj[o].radius, s->obj[o].points,
                    st->obj_owner[o] == 0 || st->obj_owner[o] == 1 ? s->side_name[st->obj_owner[o]] : "nobody");
    }
}

void fogn_board(const void *scn, gr_board *out)
{
    const fogn_scenario *s = scn;
    *out = (gr_board){.kind = GR_BOARD_TABLE, .width = s->table_w, .height = s->table_h, .unit = "MU",
                      .terrain = &s->terrain};
}

int fogn_other_names(const void *scn, gr_name_ref *out, int max)
{
    const fogn_scenario *s = scn;
    int n = 0;
    for (int c = 0; c < s->ncmdrs && n < max; c++, n++) {
        snprintf(out[n].name, sizeof out[n].name, "%s", s->cmdrs[c].name);
        snprintf(out[n].ref, sizeof out[n].ref, "c%d", c);
    }
    return n;
}
