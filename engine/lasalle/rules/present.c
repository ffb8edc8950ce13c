/* present.c - describing, drawing and summarising a Lasalle position
 * (present.h); the invariants are in invariants.c. */
#include "present.h"
#include "town.h"
#include "command.h"
#include "compressed.h"
#include "engineer.h"
#include "footprint.h"
#include "ground.h"
#include "notation.h"
#include "status.h"
#include "tables.h"
#include "turn.h"
#include "works.h"
#include "../../core/words.h"

#include <stdio.h>
#include <string.h>

#define OFFICER_BW 0.5      /* an officer is drawn as a square this size */
#define DISR_MARK_BW 0.6    /* a DISR marker is drawn as a disc this wide (the map's smallest marker) */

static const char *const phase_names[] = {"Reaction Phase", "Combat Phase", "Activity Phase", "Status Phase",
                                          "over"};
static const char *const status_names[] = {"on the table", "broken", "left the table"};
/* the formations as the book names them [B Unit Sizes and Formations, p.12-14; G Towns, p.69] */
static const char *const form_words[LASALLE_FORM_COUNT] = {"Line",  "Attack Column", "Mass",    "Square",
                                                           "March", "Waves",         "Abreast", "Limbered",
                                                           "Unlimbered", "Deployed(Town)"};
/* the ground as the book names it [B Terrain, p.21-22; G Towns, p.68] */
static const char *const ground_words[LASALLE_G_KIND_COUNT] = {
    "woods",      "orchard", "rough ground", "marsh", "hill",  "impassable ground", "town base", "road",
    "stream",     "river",   "ford",         "bridge", "wall", "hedge",             "entrenchment", "ditch"};

const char *lasalle_actor_name(const void *scn, int actor)
{
    const lasalle_scenario *s = scn;
    if (actor >= 0 && actor < s->nunits) return s->units[actor].name;
    if (actor >= s->nunits && actor < s->nunits + s->nofficers) return s->officers[actor - s->nunits].name;
    return "nobody";
}

/* the choice of the force to move next [C, p.24] or of the reserve to roll [J, p.91], with the answers */
static void describe_choice(const lasalle_scenario *s, const lasalle_state *st, char *buf, size_t cap)
{
    int force = st->turn.step == LASALLE_ST_FORCE;
    gr_action acts[LASALLE_MAX_UNITS + LASALLE_MAX_FORCES];
    int n = gr_steps_legal_actions(&lasalle_steps, s, st, acts, (int)(sizeof acts / sizeof *acts));
    size_t k = (size_t)snprintf(buf, cap, force ? "turn %d, the %s%s Activity Phase: choose the force or independent "
                                                  "unit to move next (C, p.24):"
                                                : "turn %d, the %s%s Status Phase: declare which reserve force rolls "
                                                  "to arrive (J, p.91):", st->turn_no, s->side_name[st->active],
                                gr_words_poss(s->side_name[st->active]));
    for (int i = 0; i < n && k < cap; i++) {
        const gr_action *a = &acts[i];
        char ord[32];
        lasalle_format_action(s, st, a, ord, sizeof ord);
        const char *name = a->arg >= 0 ? s->forces[a->arg].name : s->units[a->target].name;
        k += (size_t)snprintf(buf + k, cap - k, "%s %s (%s)", i ? "," : "", name, ord);
    }
}

void lasalle_describe(const void *scn, const void *state, char *buf, size_t cap)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    if (st->turn.over) {
        snprintf(buf, cap, "the game is over after turn %d", st->turn_no);
        return;
    }
    int actor = gr_steps_actor(&lasalle_steps, scn, state), who = st->turn.decider;
    const char *ph = phase_names[st->turn.phase < 5 ? st->turn.phase : 4];
    const char *poss = gr_words_poss(s->side_name[st->active]);
    if (st->turn.step == LASALLE_ST_FORCE || st->turn.step == LASALLE_ST_STATUS) {
        describe_choice(s, st, buf, cap);
        return;
    }
    if (st->turn.step == LASALLE_ST_ARRIVE && st->turn.cursor < s->nforces) { /* [J, p.91] */
        const lasalle_force *fo = &s->forces[st->turn.cursor];
        static const char *const edges[4] = {"south", "north", "west", "east"};
        int along_x = fo->edge == LASALLE_EDGE_SOUTH || fo->edge == LASALLE_EDGE_NORTH;
        snprintf(buf, cap, "turn %d, the %s%s %s: %s arrives; where along the %s edge does it come on? 'f%d arrive 0' "
                 "at its set place, 'f%d arrive K' K BW %s (J, p.91)", st->turn_no, s->side_name[st->active], poss, ph,
                 fo->name, edges[fo->edge & 3], st->turn.cursor, st->turn.cursor,
                 along_x ? "east (K < 0: west)" : "north (K < 0: south)");
        return;
    }
    if (st->turn.step == LASALLE_ST_ENGINEER && st->turn.cursor < s->nengineers) /* [H, p.78] */
        snprintf(buf, cap, "turn %d, the %s%s %s, engineering: %s (e%d) may be deployed", st->turn_no,
                 s->side_name[st->active], poss, ph, s->engineers[st->turn.cursor].name, st->turn.cursor);
    else if (actor < 0)
        snprintf(buf, cap, "turn %d, the %s%s %s: %s, the %s decide", st->turn_no, s->side_name[st->active], poss, ph,
                 lasalle_step_name(st->turn.step), s->side_name[who]);
    else
        snprintf(buf, cap, "turn %d, the %s%s %s, %s: %s (%s%d)%s", st->turn_no, s->side_name[st->active], poss, ph,
                 lasalle_step_name(st->turn.step), lasalle_actor_name(scn, actor), actor < s->nunits ? "u" : "c",
                 actor < s->nunits ? actor : actor - s->nunits, who != st->active ? ", the opponent decides" : "");
}

json_t *lasalle_state_to_json(const void *scn, const void *state)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    json_t *j = json_object(), *units = json_array(), *offs = json_array(), *objs = json_array();
    json_object_set_new(j, "turn", json_integer(st->turn_no));
    json_object_set_new(j, "active", json_integer(st->active));
    json_object_set_new(j, "bonus_turns", json_integer(st->bonus));
    json_object_set_new(j, "phase", json_string(phase_names[st->turn.phase < 5 ? st->turn.phase : 4]));
    json_object_set_new(j, "step", json_string(lasalle_step_name(st->turn.step)));
    json_object_set_new(j, "cursor", json_integer(st->turn.cursor));
    json_object_set_new(j, "over", json_boolean(st->turn.over));
    json_object_set_new(j, "winner", json_integer(st->winner));
    json_object_set_new(j, "margin", json_integer(st->margin));
    json_object_set_new(j, "decisions", json_integer(st->turn.decisions));
    for (int i = 0; i < s->nunits; i++) {
        const lasalle_unit *u = &st->u[i];
        char id[16];
        snprintf(id, sizeof id, "u%d", i);
        const lasalle_unit_profile *p = &s->units[i];
        json_t *o = json_pack("{s:s, s:s, s:i, s:s, s:s, s:f, s:f, s:f, s:s, s:i, s:s, s:i}", "id", id, "name", p->name,
                              "side", p->side, "type", lasalle_type_names[p->type % LASALLE_TYPE_COUNT], "force",
                              p->force >= 0 && p->force < s->nforces ? s->forces[p->force].name : "", "x", (double)u->x,
                              "y", (double)u->y, "facing", u->heading * 180.0 / GR_PI, "formation",
                              lasalle_form_names[u->form % LASALLE_FORM_COUNT], "disr", u->disr, "status",
                              status_names[u->status % 3], "flags", (int)u->flags);
        int town = -1; /* the town base it stands in [G, p.68] */
        for (int k = 0; k < s->terrain.n && town < 0 && lasalle_alive(st, i); k++)
            if (s->ground_of[k].kind == LASALLE_G_TOWN && lasalle_town_holder(s, st, k, -1) == i) town = k;
        if (o) json_object_set_new(o, "town", town >= 0 ? json_string(s->terrain.p[town].name) : json_null());
        json_array_append_new(units, o);
    }
    for (int k = 0; k < s->nofficers; k++) {
        char id[16];
        snprintf(id, sizeof id, "c%d", k);
        json_array_append_new(offs, json_pack("{s:s, s:s, s:i, s:f, s:f}", "id", id, "name", s->officers[k].name,
                                              "side", s->officers[k].side, "x", (double)st->o[k].x, "y",
                                              (double)st->o[k].y));
    }
    for (int k = 0; k < s->nobjectives; k++)
        json_array_append_new(objs, json_pack("{s:s, s:i}", "name", s->objectives[k].name, "owner", st->owner[k]));
    json_object_set_new(j, "units", units);
    json_object_set_new(j, "officers", offs);
    json_object_set_new(j, "objectives", objs);
    json_object_set_new(j, "losses", json_pack("[i, i]", lasalle_losses(s, st, 0), lasalle_losses(s, st, 1)));
    if (s->nengineers) json_object_set_new(j, "engineers", lasalle_engineers_json(s, st)); /* [H, p.77-79] */
    if (s->nengineers) lasalle_table_changes_json(s, st, j);                                /* [H, p.78-79] */
    lasalle_works_json(st, j);                                                              /* [H, p.75, 78] */
    return j;
}

void lasalle_board(const void *scn, gr_board *out)
{
    const lasalle_scenario *s = scn;
    memset(out, 0, sizeof *out);
    out->kind = GR_BOARD_TABLE;
    out->width = s->table_w;
    out->height = s->table_h;
    out->unit = "BW";
    out->terrain = &s->terrain;
    if (s->home_field == LASALLE_HOME_SHORT_EDGE) /* Home Field Advantage's short-edge setup [H, p.76] */
        out->base_edges = (s->home_short_edge == LASALLE_EDGE_WEST) == (s->defender == 0) ? GR_BASE_EDGES_WE
                                                                                          : GR_BASE_EDGES_EW;
}

static void put_rect(gr_render_item *it, int k, const gr_rect *r)
{
    it->base[k][0] = r->fc.x;
    it->base[k][1] = r->fc.y;
    it->base[k][2] = r->heading;
    it->base[k][3] = r->w;
    it->base[k][4] = r->d;
}

/* a unit's state in a few words for the map: "u2 line, 2 DISR, out of command" */
static void unit_detail(const lasalle_scenario *s, const lasalle_state *st, int i, char *buf, size_t cap)
{
    const lasalle_unit *u = &st->u[i];
    int n = snprintf(buf, cap, "u%d %s", i, lasalle_form_names[u->form % LASALLE_FORM_COUNT]);
    if (lasalle_compressed(st, i) && n >= 0 && (size_t)n < cap) /* [H Compressed Artillery, p.81] */
        n += snprintf(buf + n, cap - (size_t)n, " compressed");
    if (u->disr && n >= 0 && (size_t)n < cap) n += snprintf(buf + n, cap - (size_t)n, ", %d DISR", u->disr);
    if ((u->flags & LASALLE_UF_SMOKE) && n >= 0 && (size_t)n < cap) n += snprintf(buf + n, cap - (size_t)n, ", smoke");
    if (lasalle_holds_works(s, st, i) && n >= 0 && (size_t)n < cap)
        n += snprintf(buf + n, cap - (size_t)n, ", entrenched");
    if (!lasalle_in_command(s, st, i) && n >= 0 && (size_t)n < cap)
        snprintf(buf + n, cap - (size_t)n, ", out of command");
}

/* the DISR markers: one small disc a DISR, in a row just behind the unit's rear edge, unlabelled (the
 * unit's own detail says "2 DISR") */
static int disr_markers(const lasalle_scenario *s, const lasalle_state *st, int i, gr_render_item *out, int max)
{
    const lasalle_unit *u = &st->u[i];
    gr_rect h = lasalle_hull(s, st, i);
    gr_vec2 fwd = gr_rect_fwd(&h), right = gr_rect_right(&h);
    int n = 0;
    for (int k = 0; k < u->disr && n < max; k++) {
        gr_render_item *it = &out[n++];
        memset(it, 0, sizeof *it);
        it->side = -1;
        it->kind = GR_PIECE_MARKER;
        double off = (k - (u->disr - 1) / 2.0) * DISR_MARK_BW * 1.2;
        gr_vec2 c = gr_v2_add(gr_v2_sub(h.fc, gr_v2_scale(fwd, h.d + DISR_MARK_BW * 0.1)), gr_v2_scale(right, off));
        gr_rect r = gr_rect_make(c, h.heading, DISR_MARK_BW, DISR_MARK_BW);
        it->nbases = 1;
        put_rect(it, 0, &r);
    }
    return n;
}

int lasalle_render_items(const void *scn, const void *state, gr_render_item *out, int max)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    int n = 0;
    for (int i = 0; i < s->nunits && n < max; i++) {
        if (!lasalle_alive(st, i)) continue;
        const lasalle_unit *u = &st->u[i];
        gr_render_item *it = &out[n++];
        memset(it, 0, sizeof *it);
        it->side = s->units[i].side;
        it->kind = GR_PIECE_UNIT;
        snprintf(it->label, sizeof it->label, "%s", s->units[i].name);
        snprintf(it->ref, sizeof it->ref, "u%d", i);
        unit_detail(s, st, i, it->detail, sizeof it->detail);
        gr_rect b[LASALLE_MAX_BASES];
        it->nbases = lasalle_bases(s, st, i, b);
        for (int k = 0; k < it->nbases; k++) put_rect(it, k, &b[k]);
        it->worn = u->disr > 0;
    }
    for (int k = 0; k < s->nofficers && n < max; k++) {
        const lasalle_officer *o = &st->o[k];
        gr_render_item *it = &out[n++];
        memset(it, 0, sizeof *it);
        it->side = s->officers[k].side;
        it->kind = GR_PIECE_COMMANDER;
        snprintf(it->label, sizeof it->label, "%s%s", s->officers[k].name,
                 (o->flags & LASALLE_OF_REPLACED) ? "'s aide" : "");
        snprintf(it->ref, sizeof it->ref, "c%d", k);
        if (s->officers[k].commander) snprintf(it->detail, sizeof it->detail, "c%d commander", k);
        else
            snprintf(it->detail, sizeof it->detail, "c%d subcommander, vigor %+d%s", k, o->vigor,
                     o->tactics > 0 ? ", Good tactics" : o->tactics < 0 ? ", Poor tactics" : "");
        double h = s->officers[k].side ? -GR_PI / 2 : GR_PI / 2;
        gr_rect r = gr_rect_make(gr_v2(o->x, o->y + (s->officers[k].side ? -1 : 1) * OFFICER_BW / 2), h, OFFICER_BW,
                                 OFFICER_BW);
        it->nbases = 1;
        put_rect(it, 0, &r);
    }
    /* markers last, so they never shift the units' and officers' places in the list */
    for (int i = 0; i < s->nunits && n < max; i++)
        if (lasalle_alive(st, i)) n += disr_markers(s, st, i, out + n, max - n);
    if (s->nengineers && n < max) n += lasalle_engineer_markers(s, st, out + n, max - n); /* [H, p.77] */
    if (n < max) n += lasalle_works_markers(st, out + n, max - n);                        /* [H, p.75, 78] */
    return n;
}

static void summary_unit(const lasalle_scenario *s, const lasalle_state *st, int i, FILE *out)
{
    const lasalle_unit_profile *p = &s->units[i];
    const lasalle_unit *u = &st->u[i];
    char kind[64];
    if (p->type == LASALLE_ART)
        snprintf(kind, sizeof kind, "%s %s, %d guns", lasalle_weight_names[p->weight], lasalle_kind_words(p), p->nbases);
    else
        snprintf(kind, sizeof kind, "%s %s %s %s SK%d", p->nbases == 6 ? "large" : "small", lasalle_esprit_names[u->esprit],
                 lasalle_discipline_names[p->discipline], lasalle_type_names[p->type], p->sk);
    fprintf(out, "    u%-2d %-26s %-44s %-14s (%5.1f,%5.1f) facing %4.0f", i, p->name, kind,
            form_words[u->form % LASALLE_FORM_COUNT], (double)u->x, (double)u->y, u->heading * 180 / GR_PI);
    if (u->form == LASALLE_TOWN) {
        gr_rect h = lasalle_hull(s, st, i);
        int k = lasalle_town_of(s, &h);
        if (k >= 0) fprintf(out, " in %s", s->terrain.p[k].name[0] ? s->terrain.p[k].name : "a town base");
    }
    if (lasalle_compressed(st, i)) fprintf(out, ", compressed, two ranks deep");
    if (u->disr) fprintf(out, ", %d DISR of %d", u->disr, p->nbases);
    if (lasalle_holds_works(s, st, i)) fprintf(out, ", entrenched");
    if (u->status != LASALLE_ON) fprintf(out, " (%s)", status_names[u->status % 3]);
    else if (!lasalle_in_command(s, st, i)) fprintf(out, " (out of command)");
    fprintf(out, "\n");
}

/* the named terrain pieces, towns first [B Terrain, p.21-22; G Towns, p.68] */
static void summary_ground(const lasalle_scenario *s, FILE *out)
{
    int any = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < s->terrain.n; k++) {
            const gr_terrain_piece *p = &s->terrain.p[k];
            int kind = s->ground_of[k].kind;
            if ((kind == LASALLE_G_TOWN) != (pass == 0) || !p->name[0]) continue;
            if (!any++) fprintf(out, "\nterrain:\n");
            fprintf(out, "  %s: %s%s\n", p->name, kind >= 0 && kind < LASALLE_G_KIND_COUNT ? ground_words[kind] : "?",
                    s->ground_of[k].impassable && kind != LASALLE_G_IMPASSABLE && kind != LASALLE_G_RIVER
                        ? " (impassable)"
                        : "");
        }
}

void lasalle_summary(const void *scn, const void *state, FILE *out)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    static const char *const ground[] = {"dry", "mud"}, *const precip[] = {"no rain", "rain", "snow"};
    char desc[256];
    lasalle_describe(scn, state, desc, sizeof desc);
    fprintf(out, "%s\n", s->name);
    fprintf(out, "table %g x %g BW, %d terrain pieces, %d turns of basic length, %s moves first, ground %s, %s\n",
            s->table_w, s->table_h, s->terrain.n, s->turns, s->side_name[s->first], ground[s->ground % 2],
            precip[s->precip % 3]);
    fprintf(out, "now: %s\n", desc);
    for (int side = 0; side < 2; side++) {
        /* the breakpoint: losses past a third of the army morale [F, p.66] */
        fprintf(out, "\n%s%s: army morale %d, losses %d, breakpoint at losses of %d%s, pursuit score %d\n",
                s->side_name[side], side == s->defender ? " (the defender)" : "", s->morale[side],
                lasalle_losses(s, st, side), s->morale[side] / 3 + 1,
                lasalle_at_breakpoint(s, st, side) ? " (REACHED: the army tests its morale)" : "",
                lasalle_pursuit(s, st, side));
        int c = s->commander[side];
        fprintf(out, "  c%-2d %s, commander, at (%.1f, %.1f)\n", c, s->officers[c].name, (double)st->o[c].x,
                (double)st->o[c].y);
        for (int f = 0; f < s->nforces; f++) {
            if (s->forces[f].side != side) continue;
            int k = s->forces[f].officer;
            const lasalle_officer *o = &st->o[k];
            fprintf(out, "  %s - c%d %s%s (vigor %+d, tactics %s) at (%.1f, %.1f)\n", s->forces[f].name, k,
                    s->officers[k].name, (o->flags & LASALLE_OF_REPLACED) ? "'s aide" : "", o->vigor,
                    o->tactics > 0 ? "good" : o->tactics < 0 ? "poor" : "average", o->x, o->y);
            for (int q = 0; q < s->forces[f].nunits; q++) summary_unit(s, st, s->forces[f].units[q], out);
        }
        for (int i = 0; i < s->nunits; i++)
            if (s->units[i].side == side && s->units[i].force < 0) {
                fprintf(out, "  independent:\n");
                break;
            }
        for (int i = 0; i < s->nunits; i++)
            if (s->units[i].side == side && s->units[i].force < 0) summary_unit(s, st, i, out);
        lasalle_engineer_summary(s, st, side, out); /* [H Engineering, p.77-79] */
    }
    summary_ground(s, out);
    lasalle_works_summary(st, out);
    for (int k = 0; k < s->nobjectives; k++)
        fprintf(out, "\nobjective %s at (%.1f, %.1f): held by the %s\n", s->objectives[k].name, s->objectives[k].x,
                s->objectives[k].y, st->owner[k] >= 0 ? s->side_name[st->owner[k]] : "nobody");
}

int lasalle_other_names(const void *scn, gr_name_ref *out, int max)
{
    const lasalle_scenario *s = scn;
    int n = 0;
    for (int c = 0; c < s->nofficers && n < max; c++, n++) {
        snprintf(out[n].name, sizeof out[n].name, "%s", s->officers[c].name);
        snprintf(out[n].ref, sizeof out[n].ref, "c%d", c);
    }
    return n;
}
