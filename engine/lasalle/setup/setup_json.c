/* setup_json.c - the scenario a setup writes (docs/lasalle-rulings.md, "The
 * scenario file"): the board's pieces as "terrain"; each army as a side,
 * its commander, its Forces (reserves arriving by 2d6) with their subcommanders and the
 * values each unit plays with (armylist/army.h), the advanced rules its
 * list names; the weather, the objective, 16 turns, the attacker first. */
#include "setup.h"
#include "../rules/tables.h"

#include "../rules/scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static json_t *pt(gr_vec2 p)
{
    return json_pack("[f, f]", p.x, p.y);
}

json_t *lasalle_setup_terrain_json(const lasalle_setup *S)
{
    json_t *arr = json_array();
    for (int k = 0; k < S->npieces; k++) {
        const lasalle_setup_piece *p = &S->piece[k];
        json_t *o = json_pack("{s:s, s:s}", "name", p->name, "type", lasalle_ground_names[p->gtype]);
        json_t *pts = json_array();
        for (int i = 0; i < p->npts; i++) json_array_append_new(pts, pt(p->pts[i]));
        json_object_set_new(o, "points", pts);
        if (p->width > 0 && p->gtype != LASALLE_G_WALL) json_object_set_new(o, "width", json_real(p->width));
        if (p->gtype == LASALLE_G_HILL) json_object_set_new(o, "level", json_integer(p->level));
        /* [K, p.93]: every stream is Rough in army-builder games */
        if (p->gtype == LASALLE_G_STREAM) json_object_set_new(o, "rough", json_true());
        if (p->gtype == LASALLE_G_TOWN) json_object_set_new(o, "cover", json_string(p->cover == 2 ? "hard" : "soft"));
        json_array_append_new(arr, o);
    }
    return arr;
}

/* a name no unit of the scenario has yet */
static void unique_name(json_t *names, const char *name, char *out, size_t cap)
{
    char base[LASALLE_NAME];
    snprintf(base, sizeof base, "%s", name);
    snprintf(out, cap, "%.*s", (int)cap - 6, base);
    for (int n = 2; json_object_get(names, out); n++) snprintf(out, cap, "%.*s %d", (int)cap - 8, base, n);
    json_object_set_new(names, out, json_true());
}

/* the nation (or the allied brigade's state) a unit of force f belongs to, as an adjective */
static const char *adjective(const lasalle_setup *S, int side, int f)
{
    const lasalle_army *a = S->army[side];
    int st = f >= 0 && a->forces[f].state[0] ? lasalle_list_find_state(S->book, a->forces[f].state) : -1;
    return st >= 0 ? S->book->states[st].adjective : S->book->nations[S->ref[side].nation].adjective;
}

static const char *const esprit_words[] = {"shaky", "reliable", "valiant"};
static const char *const disc_words[] = {"experienced", "amateur", "irregular"};
static const char *const trait_words[] = {"shock", "pursuit", "lancers", "guard"};

static json_t *unit_json(const lasalle_setup *S, int side, int f, int i, json_t *names, gr_error *err)
{
    const lasalle_army *a = S->army[side];
    const lasalle_army_unit *x = f == LASALLE_ARMY_INDEP ? &a->indep[i] : &a->forces[f].units[i];
    lasalle_army_stats st;
    char nm[LASALLE_NAME];
    if (lasalle_army_unit_stats(S->book, a, f, i, &st, err)) return NULL;
    char base[LASALLE_NAME];
    snprintf(base, sizeof base, "%.20s %.26s", adjective(S, side, f), x->type);
    unique_name(names, x->name[0] ? x->name : base, nm, sizeof nm);
    json_t *o = json_pack("{s:s}", "name", nm);
    if (st.arm == LASALLE_LIST_ARM_ART) {
        json_object_set_new(o, "type", json_string("artillery"));
        /* rockets: 3 bases [H Rockets, p.81] */
        bool rockets = st.swap == LASALLE_ARMY_SWAP_ROCKETS;
        json_object_set_new(o, "guns", json_integer(rockets ? 3 : st.cannon + st.howitzers));
        if (st.howitzers) json_object_set_new(o, "howitzers", json_integer(st.howitzers));
        json_object_set_new(o, "weight", json_string(rockets ? "rockets"
                                                     : lasalle_weight_names[st.weight]));
        if (st.horse) json_object_set_new(o, "horse", json_true());
        return o;
    }
    json_object_set_new(o, "type", json_string(st.arm == LASALLE_LIST_ARM_CAV ? "cavalry" : "infantry"));
    json_object_set_new(o, "size", json_string(st.bases == 6 ? "large" : "small"));
    bool unpred = st.esprit == LASALLE_LIST_ESP_UNPREDICTABLE;
    /* Unpredictable: Reliable until its first roll settles it [H, p.76] */
    json_object_set_new(o, "esprit", json_string(esprit_words[unpred ? 1 : st.esprit]));
    json_object_set_new(o, "discipline", json_string(disc_words[st.discipline]));
    if (st.arm == LASALLE_LIST_ARM_INF && st.sk > 0) json_object_set_new(o, "sk", json_integer(st.sk));
    json_t *tr = json_array();
    for (int t = 0; t < 4; t++)
        if (st.traits & (1u << t)) json_array_append_new(tr, json_string(trait_words[t]));
    if (unpred) json_array_append_new(tr, json_string("unpredictable"));
    const lasalle_list_nation *N = &S->book->nations[S->ref[side].nation];
    const lasalle_list_rule *rv = lasalle_list_rule_find(N, S->ref[side].army, S->ref[side].theatre, a->role,
                                                         LASALLE_LIST_RULE_RIFLE_VOLLEYS);
    int ut = lasalle_list_find_unit(N, x->type);
    if (rv && st.arm == LASALLE_LIST_ARM_INF && (f == LASALLE_ARMY_INDEP || !a->forces[f].support) && ut >= 0 &&
        lasalle_list_rule_names_unit(rv, ut))
        json_array_append_new(tr, json_string("rifles"));
    if (json_array_size(tr)) json_object_set_new(o, "traits", tr);
    else json_decref(tr);
    if (x->entrenched) json_object_set_new(o, "entrenched", json_true());
    return o;
}

static json_t *officer(const char *name)
{
    return json_pack("{s:s}", "name", name);
}

/* the side's Forces (reserves arrive later [J Reinforcements, p.91]) and its independents */
static json_t *forces_json(lasalle_setup *S, int side, json_t *names, gr_error *err)
{
    const lasalle_army *a = S->army[side];
    json_t *forces = json_array();
    char nm[LASALLE_NAME], fn[LASALLE_NAME];
    for (int f = 0; f < a->nforces; f++) {
        const lasalle_army_force *F = &a->forces[f];
        /* a reserve comes on later: its 2d6 against the turn plus its vigor [J Reinforcements, p.91] */
        bool reserve = F->support && (F->kind == LASALLE_LIST_SUP_RESERVE ||
                                      (F->kind == LASALLE_LIST_SUP_ALLIED && F->reserve));
        const char *adj = adjective(S, side, f), *fname = F->name[0] ? F->name : F->support ? F->brigade : "Force";
        if (!strncmp(fname, adj, strlen(adj))) snprintf(fn, sizeof fn, "%.46s", fname);
        else snprintf(fn, sizeof fn, "%.20s %.26s", adj, fname);
        unique_name(names, fn, nm, sizeof nm);
        json_t *o = json_pack("{s:s}", "name", nm);
        char sub[LASALLE_NAME];
        if (F->sub.name[0]) snprintf(sub, sizeof sub, "%.46s", F->sub.name);
        else snprintf(sub, sizeof sub, "Subcommander, %.33s", nm);
        unique_name(names, sub, sub, sizeof sub);
        json_t *so = officer(sub);
        json_object_set_new(so, "vigor", json_integer(F->sub.vigor));
        json_object_set_new(so, "tactics", json_string(lasalle_list_tactics_name(F->sub.tactics)));
        json_object_set_new(o, "subcommander", so);
        json_t *units = json_array();
        for (int i = 0; i < F->nunits; i++) {
            if (F->units[i].broken_up) continue; /* its SK bases went to other units [B, p.16] */
            json_t *u = unit_json(S, side, f, i, names, err);
            if (!u) return json_decref(forces), json_decref(o), json_decref(units), NULL;
            json_array_append_new(units, u);
        }
        json_object_set_new(o, "units", units);
        if (reserve) json_object_set_new(o, "arrives", json_pack("{s:s}", "dice", "2d6"));
        if (reserve && S->home == LASALLE_HOME_SHORT_EDGE) { /* from its short edge [H, p.76] */
            double z[4];
            int edge = lasalle_setup_zone_of(S, side, z);
            json_object_set_new(json_object_get(o, "arrives"), "edge",
                                json_string(edge == LASALLE_EDGE_WEST ? "west" : "east"));
        }
        if (json_array_size(units)) json_array_append_new(forces, o);
        else json_decref(o);
    }
    return forces;
}

static json_t *side_json(lasalle_setup *S, int side, json_t *names, gr_error *err)
{
    const lasalle_army *a = S->army[side];
    const lasalle_list_nation *N = &S->book->nations[S->ref[side].nation];
    char nm[LASALLE_NAME];
    snprintf(nm, sizeof nm, "%.30s %s", N->adjective, side == S->attacker ? "(attacker)" : "(defender)");
    json_t *o = json_pack("{s:s}", "name", nm);
    static const struct {
        int kind;
        const char *word;
    } rules[] = {{LASALLE_LIST_RULE_LINEAR_TACTICS, "linear_tactics"},
                 {LASALLE_LIST_RULE_SUPERIOR_COMMANDER, "superior_commander"},
                 {LASALLE_LIST_RULE_SEND_IN_THE_GUARDS, "send_in_the_guards"},
                 {LASALLE_LIST_RULE_VIVA_ESPANA, "viva_espana"},
                 {LASALLE_LIST_RULE_DRAW_IS_VICTORY, "theyll_be_back"}};
    json_t *rl = json_array();
    for (int k = 0; k < (int)(sizeof rules / sizeof *rules); k++)
        if (lasalle_list_rule_find(N, S->ref[side].army, S->ref[side].theatre, a->role, rules[k].kind))
            json_array_append_new(rl, json_string(rules[k].word));
    if (side == S->defender && S->home != LASALLE_HOME_NONE) { /* [H, p.76] */
        json_array_append_new(rl, json_string("home_field_advantage"));
        json_object_set_new(o, "home_field",
                            S->home == LASALLE_HOME_LONG_EDGE
                                ? json_pack("{s:s}", "setup", "long_edge")
                                : json_pack("{s:s, s:s}", "setup", "short_edge", "edge",
                                            S->home_edge == LASALLE_EDGE_WEST ? "west" : "east"));
    }
    if (json_array_size(rl)) json_object_set_new(o, "rules", rl);
    else json_decref(rl);
    if (a->commander[0] && strcmp(a->commander, "Commander")) snprintf(nm, sizeof nm, "%.46s", a->commander);
    else snprintf(nm, sizeof nm, "%.30s commander", N->adjective);
    unique_name(names, nm, nm, sizeof nm);
    json_object_set_new(o, "commander", officer(nm));
    json_t *forces = forces_json(S, side, names, err);
    if (!forces) return json_decref(o), NULL;
    json_object_set_new(o, "forces", forces);
    json_t *ind = json_array();
    for (int i = 0; i < a->nindep; i++) {
        if (a->indep[i].broken_up) continue;
        json_t *u = unit_json(S, side, LASALLE_ARMY_INDEP, i, names, err);
        if (!u) return json_decref(o), json_decref(ind), NULL;
        json_array_append_new(ind, u);
    }
    json_object_set_new(o, "independent", ind);
    return o;
}

/* the head of the scenario: what it is, the table, the length, who moves first, who defends, the weather */
static json_t *head_json(const lasalle_setup *S)
{
    char name[96];
    snprintf(name, sizeof name, "%s, seed %llu", lasalle_setup_board_name(S->board), S->seed);
    static const char *const g[] = {"dry", "mud"}, *const p[] = {"none", "rain", "snow"};
    return json_pack("{s:s, s:s, s:s, s:{s:f, s:f}, s:i, s:i, s:i, s:{s:s, s:s}, s:{s:b}}", "ruleset", "lasalle",
                     "name", name, "notes", "", "table", "width", LASALLE_SETUP_TABLE_W, "height",
                     LASALLE_SETUP_TABLE_H, "turns", LASALLE_SETUP_TURNS, "first", S->attacker, "defender",
                     S->defender, "weather", "ground", g[S->weather.ground], "precipitation", p[S->weather.precip],
                     "options", "officer_tactics", 1);
}

/* the notes: how the battle was set up, and what of the armies is not on the table */
static json_t *notes_json(const lasalle_setup *S)
{
    char notes[1200];
    int n = snprintf(notes, sizeof notes,
                     "A pickup battle set up by the book's procedure (J, p.86-91): weather roll %d, board %s "
                     "(%s, %d), %.200s attacks and moves first, %.200s defends the objective.",
                     S->weather_sum, lasalle_setup_board_name(S->board), S->a_die % 2 ? "odd" : "even", S->b_die,
                     S->source[S->attacker], S->source[S->defender]);
    if (S->home != LASALLE_HOME_NONE && n > 0 && n < (int)sizeof notes)
        n += snprintf(notes + n, sizeof notes - (size_t)n,
                      S->home == LASALLE_HOME_SHORT_EDGE
                          ? " Home Field Advantage (H, p.76): the defender set up within 10 BW of the %s edge, the "
                            "attacker within 20 BW of the other, its reserves on the table from the first turn."
                          : " Home Field Advantage (H, p.76)%s: the defender chose the long edge and the attacker set "
                            "up first.",
                      S->home == LASALLE_HOME_SHORT_EDGE ? (S->home_edge == LASALLE_EDGE_WEST ? "west" : "east") : "");
    for (int k = 0; k < S->nnotes && n > 0 && n < (int)sizeof notes; k++)
        n += snprintf(notes + n, sizeof notes - (size_t)n, " %s", S->notes[k]);
    return json_string(notes);
}

static bool has_rockets_in(json_t *units)
{
    size_t i;
    json_t *u;
    json_array_foreach(units, i, u) {
        const char *w = json_string_value(json_object_get(u, "weight"));
        if (w && !strcmp(w, "rockets")) return true;
    }
    return false;
}

static bool has_rockets(json_t *sides)
{
    size_t i, f;
    json_t *sd, *fo;
    json_array_foreach(sides, i, sd) {
        if (has_rockets_in(json_object_get(sd, "independent"))) return true;
        json_array_foreach(json_object_get(sd, "forces"), f, fo) if (has_rockets_in(json_object_get(fo, "units"))) return true;
    }
    return false;
}

json_t *lasalle_setup_to_json(lasalle_setup *S, gr_error *err)
{
    json_t *root = head_json(S), *names = json_object(), *sides = json_array();
    json_object_set_new(root, "objectives",
                        json_pack("[{s:s, s:f, s:f, s:i, s:i}]", "name", "Objective", "x", S->obj_x, "y", S->obj_y,
                                  "radius", 4, "owner", S->defender));
    json_object_set_new(root, "terrain", lasalle_setup_terrain_json(S));
    lasalle_scenario *ts = calloc(1, sizeof *ts);
    if (!ts) {
        gr_error_set(err, "out of memory");
        goto fail;
    }
    ts->table_w = LASALLE_SETUP_TABLE_W;
    ts->table_h = LASALLE_SETUP_TABLE_H;
    if (lasalle_load_terrain(ts, root, err)) {
        gr_error_prefix(err, "the board made: ");
        goto fail;
    }
    for (int side = 0; side < 2; side++) {
        json_t *sj = side_json(S, side, names, err);
        if (!sj || lasalle_setup_deploy(S, side, ts, sj, err)) {
            json_decref(sj);
            goto fail;
        }
        json_array_append_new(sides, sj);
    }
    json_object_set_new(root, "sides", sides);
    json_object_set_new(root, "notes", notes_json(S));
    /* [H Rockets, p.81]: the option is on when an army brings rockets */
    if (has_rockets(sides)) json_object_set_new(json_object_get(root, "options"), "rockets", json_true());
    json_decref(names);
    free(ts);
    return root;
fail:
    free(ts);
    json_decref(names);
    json_decref(sides);
    json_decref(root);
    return NULL;
}
