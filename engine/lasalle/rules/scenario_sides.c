/* scenario_sides.c - the "sides" array of a Lasalle scenario: each side's
 * name and advanced rules, its commander, its forces (a subcommander and
 * his units) and its independent units [A Armies, Forces, Officers,
 * p.8-9], every unit's qualities checked against its type [B Unit
 * Qualities, p.19-20]. */
#include "scenario.h"
#include "compressed.h"
#include "engineer.h"
#include "footprint.h"
#include "homefield.h"
#include "reinforce.h"
#include "tables.h"

#include "../../core/jsonutil.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const side_keys[] = {"name",        "rules",      "commander", "forces",
                                        "independent", "home_field", "engineers"};
static const char *const force_keys[] = {"name", "subcommander", "units", "arrives"};
static const char *const arrive_keys[] = {"turn", "dice", "edge"};
static const char *const edge_names[] = {"south", "north", "west", "east"};
static const char *const officer_keys[] = {"name", "at", "tactics", "vigor"};
static const char *const unit_keys[] = {"name",   "type", "size",  "guns",      "howitzers", "weight", "horse",
                                        "esprit", "discipline", "sk", "traits", "formation", "at",   "facing",
                                        "disr", "start", "entrenched", "compressed"};
static const char *const start_keys[] = {"town_base", "formation"};
static const char *const start_forms[] = {"deployed_town"};
static const char *const size_names[] = {"small", "large"};
static const char *const tactics_names[] = {"poor", "average", "good"};
/* the advanced rules a side may name, built and not yet built [H, p.72-76] */
static const char *const rule_names[] = {"linear_tactics", "superior_commander", "send_in_the_guards", "entrenchments",
                                         "home_field_advantage", "viva_espana", "theyll_be_back"};
#define NRULES ((int)(sizeof rule_names / sizeof *rule_names))
static const struct {
    const char *name, *cite;
} rules_not_built[] = {{"unpredictable", "Unpredictable is a unit trait here: give it in the unit's \"traits\""}};

/* [x, y] in BW under key "at" */
static int load_at(json_t *o, const char *p, double *x, double *y, gr_error *err)
{
    char q[256];
    gr_json_path_key(q, sizeof q, p, "at");
    json_t *v = json_object_get(o, "at");
    json_t *a = json_array_get(v, 0), *b = json_array_get(v, 1);
    if (!v) return gr_error_set(err, "%s: missing (expected where it stands, [x, y] in BW)", q);
    if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_number(a) || !json_is_number(b))
        return gr_error_set(err, "%s: expected a point [x, y] in BW", q);
    *x = json_number_value(a);
    *y = json_number_value(b);
    return 0;
}

/* "start": {"town_base": NAME, "formation": "deployed_town"}: infantry garrisoning a named town base,
 * its bases filling the base and its front toward "facing" (the side it fires from) [G Towns, p.69] */
static int load_start(const lasalle_scenario *s, json_t *o, const char *p, lasalle_unit_profile *u, gr_error *err)
{
    char q[256], town[GR_TERRAIN_NAME];
    int form = 0;
    gr_json_path_key(q, sizeof q, p, "start");
    json_t *v = json_object_get(o, "start");
    if (!json_is_object(v)) return gr_error_set(err, "%s: expected {\"town_base\": NAME, \"formation\": ...}", q);
    if (json_object_get(o, "at") || json_object_get(o, "formation"))
        return gr_error_set(err, "%s: a unit starting in a town base has no \"at\" or \"formation\" of its own", q);
    if (gr_json_only_keys(v, q, start_keys, 2, err) ||
        gr_json_string(v, q, "town_base", true, town, sizeof town, err) ||
        gr_json_enum(v, q, "formation", true, start_forms, 1, &form, err))
        return -1;
    for (int k = 0; k < s->terrain.n; k++) {
        const gr_terrain_piece *t = &s->terrain.p[k];
        if (strcmp(t->name, town)) continue;
        if (s->ground_of[k].kind != LASALLE_G_TOWN || t->shape != GR_SHAPE_POLYGON || !t->has_box)
            return gr_error_set(err, "%s.town_base: %s is not a town base", q, town);
        if (u->type != LASALLE_INF)
            return gr_error_set(err, "%s: only infantry deploys in a town base (G, p.69)", q);
        u->form = LASALLE_TOWN;
        u->x = (t->box[0] + t->box[2]) / 2;
        u->y = (t->box[1] + t->box[3]) / 2;
        return 0;
    }
    return gr_error_set(err, "%s.town_base: no terrain piece is named \"%s\"", q, town);
}

static int load_officer(lasalle_scenario *s, json_t *o, const char *p, int side, int force, gr_error *err)
{
    if (s->nofficers >= LASALLE_MAX_OFFICERS)
        return gr_error_set(err, "%s: more than the %d officers a Lasalle game holds", p, LASALLE_MAX_OFFICERS);
    lasalle_officer_profile *f = &s->officers[s->nofficers];
    long vigor = 0;
    int tactics = 1;
    if (gr_json_only_keys(o, p, officer_keys, force < 0 ? 3 : 4, err) ||
        gr_json_string(o, p, "name", true, f->name, sizeof f->name, err) || load_at(o, p, &f->x, &f->y, err))
        return -1;
    /* the commander has no ratings [B Officer Qualities, p.20]: "vigor" is refused as an unknown key; a scenario
     * may still rate him a tactician (Volkmann at Venzone, I p.82; ruling A-42) */
    if ((force >= 0 && gr_json_int(o, p, "vigor", false, -1, 1, &vigor, err)) ||
        gr_json_enum(o, p, "tactics", false, tactics_names, 3, &tactics, err))
        return -1;
    f->side = side;
    f->commander = force < 0;
    f->force = force;
    f->vigor = (int)vigor;
    f->tactics = tactics - 1;
    f->range = force < 0 ? LASALLE_COMMANDER_RANGE : LASALLE_SUB_RANGE;
    return s->nofficers++;
}

static int load_traits(json_t *o, const char *p, lasalle_unit_profile *u, gr_error *err)
{
    char q[256], r[300];
    gr_json_path_key(q, sizeof q, p, "traits");
    json_t *arr = gr_json_array(o, p, "traits", false, 0, LASALLE_TRAIT_COUNT, err);
    if (!arr) return json_object_get(o, "traits") ? -1 : 0;
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        gr_json_path_index(r, sizeof r, q, i);
        const char *name = json_string_value(v);
        int t = -1;
        for (int k = 0; name && k < LASALLE_TRAIT_COUNT; k++)
            if (!strcmp(name, lasalle_trait_names[k])) t = k;
        if (t < 0)
            return gr_error_set(err, "%s: expected one of shock, pursuit, lancers, guard, unpredictable, rifles", r);
        unsigned bit = 1u << t;
        if ((bit & (LASALLE_T_SHOCK | LASALLE_T_PURSUIT | LASALLE_T_LANCERS)) && u->type != LASALLE_CAV)
            return gr_error_set(err, "%s: %s is a cavalry trait (B, p.19-20)", r, name);
        if (bit == LASALLE_T_RIFLES && u->type != LASALLE_INF)
            return gr_error_set(err, "%s: rifles is an infantry trait (H, p.76)", r);
        if (u->type == LASALLE_ART)
            return gr_error_set(err, "%s: artillery has none of these traits (B, p.19)", r);
        u->traits |= bit;
    }
    return 0;
}

/* type, size or guns, and the qualities that go with the type */
static int load_kind(json_t *o, const char *p, lasalle_unit_profile *u, gr_error *err)
{
    char q[256];
    int size = 0, esprit = 1, disc = 0, weight = 1;
    long guns = 4, how = 0, sk = 0;
    bool horse = false;
    if (gr_json_enum(o, p, "type", true, lasalle_type_names, LASALLE_TYPE_COUNT, &u->type, err)) return -1;
    if (u->type == LASALLE_ART) {
        static const char *const gun_keys[] = {"size", "esprit", "sk"};
        for (int k = 0; k < 3; k++)
            if (json_object_get(o, gun_keys[k]))
                return gr_error_set(err, "%s: artillery has no %s (B, p.19): give \"guns\" instead of a size",
                                    gr_json_path_key(q, sizeof q, p, gun_keys[k]), gun_keys[k]);
        if (gr_json_int(o, p, "guns", true, 2, LASALLE_MAX_BASES, &guns, err) ||
            gr_json_int(o, p, "howitzers", false, 0, guns, &how, err) ||
            gr_json_enum(o, p, "weight", true, lasalle_weight_names, LASALLE_WEIGHT_COUNT, &weight, err) ||
            gr_json_bool(o, p, "horse", false, &horse, err) ||
            gr_json_enum(o, p, "discipline", false, lasalle_discipline_names, 1, &disc, err))
            return -1;
        u->nbases = (int)guns;
        u->howitzers = (int)how;
        u->weight = weight;
        u->horse = horse;
        u->esprit = LASALLE_RELIABLE;
        return 0;
    }
    static const char *const inf_keys[] = {"guns", "howitzers", "weight", "horse"};
    for (int k = 0; k < 4; k++)
        if (json_object_get(o, inf_keys[k]))
            return gr_error_set(err, "%s: only artillery has %s", gr_json_path_key(q, sizeof q, p, inf_keys[k]),
                                inf_keys[k]);
    if (json_object_get(o, "sk") && u->type != LASALLE_INF)
        return gr_error_set(err, "%s: only infantry has a skirmish value (B, p.15)", gr_json_path_key(q, sizeof q, p, "sk"));
    if (gr_json_enum(o, p, "size", true, size_names, 2, &size, err) ||
        gr_json_enum(o, p, "esprit", true, lasalle_esprit_names, LASALLE_ESPRIT_COUNT, &esprit, err) ||
        gr_json_enum(o, p, "discipline", true, lasalle_discipline_names, LASALLE_DISCIPLINE_COUNT, &disc, err) ||
        gr_json_int(o, p, "sk", false, 0, 3, &sk, err))
        return -1;
    u->nbases = size ? 6 : 4;
    u->esprit = esprit;
    u->discipline = disc;
    u->sk = (int)sk;
    return 0;
}

static int load_unit(lasalle_scenario *s, json_t *o, const char *p, int side, int force, gr_error *err)
{
    char q[256];
    if (s->nunits >= LASALLE_MAX_UNITS)
        return gr_error_set(err, "%s: more than the %d units a Lasalle game holds", p, LASALLE_MAX_UNITS);
    lasalle_unit_profile *u = &s->units[s->nunits];
    memset(u, 0, sizeof *u);
    double facing = side ? 270 : 90;
    long disr = 0;
    if (gr_json_only_keys(o, p, unit_keys, (int)(sizeof unit_keys / sizeof *unit_keys), err) ||
        gr_json_string(o, p, "name", true, u->name, sizeof u->name, err) || load_kind(o, p, u, err) ||
        load_traits(o, p, u, err) ||
        (json_object_get(o, "start")
             ? load_start(s, o, p, u, err)
             : gr_json_enum(o, p, "formation", true, lasalle_form_names, LASALLE_FORM_COUNT, &u->form, err) ||
                   load_at(o, p, &u->x, &u->y, err)) ||
        gr_json_number(o, p, "facing", false, -360, 360, &facing, err) ||
        gr_json_int(o, p, "disr", false, 0, 5, &disr, err))
        return -1;
    for (int k = 0; k < s->nunits; k++)
        if (!strcmp(s->units[k].name, u->name))
            return gr_error_set(err, "%s: \"%s\" is already the name of u%d", gr_json_path_key(q, sizeof q, p, "name"),
                                u->name, k);
    if (!lasalle_form_allowed(s, u, u->form))
        return gr_error_set(err, "%s: %s %s may not stand in %s", gr_json_path_key(q, sizeof q, p, "formation"),
                            lasalle_discipline_names[u->discipline], lasalle_kind_words(u), lasalle_form_names[u->form]);
    /* a unit breaks at as many DISR as it has bases; artillery takes none [B Disruption, p.18] */
    if (disr > 0 && (u->type == LASALLE_ART || disr >= u->nbases))
        return gr_error_set(err, "%s: %s can carry 0 to %d DISR", gr_json_path_key(q, sizeof q, p, "disr"), u->name,
                            u->type == LASALLE_ART ? 0 : u->nbases - 1);
    u->side = side;
    u->force = force;
    u->heading = facing * GR_PI / 180.0;
    if (u->form == LASALLE_TOWN && json_object_get(o, "start")) { /* from the base's centre to its front edge */
        u->x += LASALLE_TOWN_BW / 2 * cos(u->heading);
        u->y += LASALLE_TOWN_BW / 2 * sin(u->heading);
    } else if (u->form == LASALLE_TOWN) {
        return gr_error_set(err, "%s: a unit starts Deployed(Town) with \"start\": {\"town_base\": NAME, "
                                 "\"formation\": \"deployed_town\"}", gr_json_path_key(q, sizeof q, p, "formation"));
    }
    u->disr = (int)disr;
    bool dug = false;
    if (gr_json_bool(o, p, "entrenched", false, &dug, err)) return -1;
    if (dug && u->form != LASALLE_LINE && u->form != LASALLE_UNLIMBERED)
        return gr_error_set(err, "%s: only a unit set up in Line or Unlimbered may use works it starts behind "
                                 "(H, p.75)", gr_json_path_key(q, sizeof q, p, "entrenched"));
    int dug_before = 0;
    for (int k = 0; k < s->nunits; k++) dug_before += s->units[k].entrenched;
    if (dug && dug_before >= LASALLE_MAX_WORKS)
        return gr_error_set(err, "%s: more than %d units start behind works, the most a game keeps (ruling R-201)",
                            gr_json_path_key(q, sizeof q, p, "entrenched"), LASALLE_MAX_WORKS);
    u->entrenched = dug;
    bool two_ranks = false; /* Compressed Artillery (option) [H, p.81] */
    if (gr_json_bool(o, p, "compressed", false, &two_ranks, err) ||
        (two_ranks && lasalle_compressed_start_ok(s, u, gr_json_path_key(q, sizeof q, p, "compressed"), err)))
        return -1;
    u->compressed = two_ranks;
    s->nunits++;
    return 0;
}

static int load_units(lasalle_scenario *s, json_t *o, const char *p, const char *key, int side, int force,
                      gr_error *err)
{
    char q[256], r[300];
    gr_json_path_key(q, sizeof q, p, key);
    json_t *arr = gr_json_array(o, p, key, force >= 0, force >= 0 ? 1 : 0, 100000, err);
    if (!arr) return json_object_get(o, key) || force >= 0 ? -1 : 0;
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        if (force >= 0 && s->nunits < LASALLE_MAX_UNITS) {
            /* (one too many is refused by load_unit, naming the limit) */
            lasalle_force *f = &s->forces[force];
            f->units[f->nunits++] = s->nunits;
        }
        if (load_unit(s, v, gr_json_path_index(r, sizeof r, q, i), side, force, err)) return -1;
    }
    return 0;
}

/* "arrives": {"turn": N} or {"dice": "2d6"}, with the "edge" it comes on from (its own base edge when not
 * given) [J Reinforcements, p.91] */
static int load_arrival(lasalle_scenario *s, json_t *o, const char *p, int f, gr_error *err)
{
    char q[256];
    lasalle_force *fo = &s->forces[f];
    json_t *v = gr_json_object(o, p, "arrives", false, err);
    if (!v) return json_object_get(o, "arrives") ? -1 : 0;
    gr_json_path_key(q, sizeof q, p, "arrives");
    long turn = 0;
    char dice[16] = "";
    if (gr_json_only_keys(v, q, arrive_keys, 3, err) ||
        gr_json_int(v, q, "turn", false, 1, s->turns + LASALLE_MAX_BONUS, &turn, err) ||
        gr_json_string(v, q, "dice", false, dice, sizeof dice, err) ||
        gr_json_enum(v, q, "edge", false, edge_names, 4, &fo->edge, err))
        return -1;
    if ((turn > 0) == (dice[0] != 0))
        return gr_error_set(err, "%s: give either \"turn\" (the scenario's arrival turn) or \"dice\": \"2d6\" "
                                 "(a reserve's roll, J p.91)", q);
    if (dice[0] && strcmp(dice, "2d6"))
        return gr_error_set(err, "%s.dice: a reserve rolls \"2d6\" against the turn plus its vigor (J, p.91)", q);
    fo->arrive = turn > 0 ? LASALLE_ARRIVE_TURN : LASALLE_ARRIVE_ROLL;
    fo->arrive_turn = (int)turn;
    return lasalle_reinforce_check(s, f, p, err);
}

static int load_force(lasalle_scenario *s, json_t *o, const char *p, int side, gr_error *err)
{
    char q[256];
    if (s->nforces >= LASALLE_MAX_FORCES)
        return gr_error_set(err, "%s: more than the %d forces a Lasalle game holds", p, LASALLE_MAX_FORCES);
    int f = s->nforces++;
    lasalle_force *fo = &s->forces[f];
    fo->side = side;
    if (gr_json_only_keys(o, p, force_keys, 4, err) || gr_json_string(o, p, "name", true, fo->name, sizeof fo->name, err))
        return -1;
    json_t *sub = gr_json_object(o, p, "subcommander", true, err);
    if (!sub) return -1;
    fo->officer = load_officer(s, sub, gr_json_path_key(q, sizeof q, p, "subcommander"), side, f, err);
    if (fo->officer < 0) return -1;
    fo->edge = side ? LASALLE_EDGE_NORTH : LASALLE_EDGE_SOUTH;
    return load_units(s, o, p, "units", side, f, err) || load_arrival(s, o, p, f, err) ? -1 : 0;
}

static int load_side_rules(lasalle_scenario *s, json_t *o, const char *p, int side, gr_error *err)
{
    char q[256], r[300];
    gr_json_path_key(q, sizeof q, p, "rules");
    json_t *arr = gr_json_array(o, p, "rules", false, 0, 16, err);
    if (!arr) return json_object_get(o, "rules") ? -1 : 0;
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        gr_json_path_index(r, sizeof r, q, i);
        const char *name = json_string_value(v);
        if (!name) return gr_error_set(err, "%s: expected the name of an advanced rule", r);
        int found = 0;
        for (int k = 0; k < NRULES; k++)
            if (!strcmp(name, rule_names[k])) {
                s->side_rules[side] |= 1u << k;
                found = 1;
            }
        if (!strcmp(name, "officer_tactics"))
            return gr_error_set(err, "%s: Officer Tactics and Casualties (H, p.72-73) holds for both armies: set "
                                     "\"options\": {\"officer_tactics\": true}", r);
        for (size_t k = 0; !found && k < sizeof rules_not_built / sizeof *rules_not_built; k++)
            if (!strcmp(name, rules_not_built[k].name))
                return gr_error_set(err, "%s: %s", r, rules_not_built[k].cite);
        if (!found)
            return gr_error_set(err, "%s: expected linear_tactics, superior_commander, send_in_the_guards, "
                                     "entrenchments or home_field_advantage, got \"%s\"", r, name);
    }
    return 0;
}

static int load_side(lasalle_scenario *s, json_t *o, const char *p, int side, gr_error *err)
{
    char q[256], r[300];
    if (gr_json_only_keys(o, p, side_keys, 7, err) ||
        gr_json_string(o, p, "name", true, s->side_name[side], sizeof s->side_name[side], err) ||
        load_side_rules(s, o, p, side, err))
        return -1;
    json_t *cmd = gr_json_object(o, p, "commander", true, err);
    if (!cmd) return -1;
    s->commander[side] = load_officer(s, cmd, gr_json_path_key(q, sizeof q, p, "commander"), side, -1, err);
    if (s->commander[side] < 0) return -1;
    gr_json_path_key(q, sizeof q, p, "forces");
    json_t *arr = gr_json_array(o, p, "forces", false, 0, 100000, err);
    if (!arr && json_object_get(o, "forces")) return -1;
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        if (load_force(s, v, gr_json_path_index(r, sizeof r, q, i), side, err)) return -1;
    }
    return load_units(s, o, p, "independent", side, -1, err) || lasalle_home_field_load(s, o, p, side, err) ||
                   lasalle_engineers_load(s, o, p, side, err)
               ? -1
               : 0;
}

int lasalle_load_sides(lasalle_scenario *s, json_t *root, gr_error *err)
{
    char p[64];
    json_t *arr = gr_json_array(root, "$", "sides", true, 2, 2, err);
    if (!arr) return -1;
    for (int side = 0; side < 2; side++)
        if (load_side(s, json_array_get(arr, (size_t)side), gr_json_path_index(p, sizeof p, "$.sides", (size_t)side),
                      side, err))
            return -1;
    for (int side = 0; side < 2; side++) {
        int n = 0;
        for (int i = 0; i < s->nunits; i++) n += s->units[i].side == side;
        if (!n) return gr_error_set(err, "$.sides[%d]: %s has no unit", side, s->side_name[side]);
    }
    return lasalle_home_field_check(s, err);
}
