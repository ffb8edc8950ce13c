/* scenario.c - the root of a Lasalle scenario file: name, table, length,
 * first side, weather, optional rules, objectives; then the terrain and
 * the sides (scenario_terrain.c, scenario_sides.c), the opening position's
 * checks (scenario_place.c), and what is worked out once: each army's
 * morale and each side's Activity order. */
#include "scenario.h"
#include "compressed.h"
#include "notation.h"
#include "status.h"
#include "tables.h"

#include "../../core/jsonutil.h"

#include <stdlib.h>
#include <string.h>

static const char *const root_keys[] = {"ruleset", "name",    "notes",   "table",      "turns",   "first",
                                        "defender", "weather", "options", "objectives", "terrain", "sides"};
static const char *const table_keys[] = {"width", "height"};
static const char *const weather_keys[] = {"ground", "precipitation"};
static const char *const objective_keys[] = {"name", "x", "y", "radius", "owner"};
static const char *const ground_names[] = {"dry", "mud"};
static const char *const precip_names[] = {"none", "rain", "snow"};

/* the optional rules [H, p.77-81], the ones built and the ones not */
static const struct {
    const char *key;
    unsigned bit;           /* 0: not built yet */
    const char *cite;
} options[] = {
    {"squares_moving", LASALLE_OPT_SQUARES_MOVING, "Squares Moving (H, p.80)"},
    {"irregular_recovery", LASALLE_OPT_IRREGULAR_RECOVERY, "Irregular Recovery (H, p.80)"},
    {"austrian_mass", LASALLE_OPT_AUSTRIAN_MASS, "Austrian Mass (K Austria)"},
    {"leaving_table", LASALLE_OPT_LEAVE_TABLE, "leaving the table (FAQ #2)"},
    {"officer_tactics", LASALLE_OPT_OFFICER_TACTICS, "Officer Tactics and Casualties (H, p.72-73)"},
    {"split_fire", LASALLE_OPT_SPLIT_FIRE, "Split Fire (H, p.80)"},
    {"howitzer_batteries", LASALLE_OPT_HOWITZER_BATTERIES, "Howitzer Batteries (H, p.81)"},
    {"rockets", LASALLE_OPT_ROCKETS, "Rockets (H, p.81)"},
    {"compressed_artillery", LASALLE_OPT_COMPRESSED_ARTILLERY, "Compressed Artillery (H, p.81)"},
    {"engineering", LASALLE_OPT_ENGINEERING, "Engineering (H, p.77-79)"},
    /* played between two battles: `grognard lasalle continue` (campaign/campaign.h) */
    {"continuing_games", 0, "Continuing Games and Campaigns (H, p.79)"},
};
#define NOPTIONS ((int)(sizeof options / sizeof *options))

static int load_options(lasalle_scenario *s, json_t *root, gr_error *err)
{
    const char *keys[NOPTIONS];
    char p[128];
    for (int k = 0; k < NOPTIONS; k++) keys[k] = options[k].key;
    json_t *o = gr_json_object(root, "$", "options", false, err);
    if (!o) return json_object_get(root, "options") ? -1 : 0;
    if (gr_json_only_keys(o, "$.options", keys, NOPTIONS, err)) return -1;
    for (int k = 0; k < NOPTIONS; k++) {
        bool on = false;
        if (gr_json_bool(o, "$.options", options[k].key, false, &on, err)) return -1;
        if (!on) continue;
        if (!options[k].bit && !strcmp(options[k].key, "continuing_games"))
            return gr_error_set(err, "%s: the optional rule %s is played between two battles, not in one: play "
                                "this battle to its end (grognard run --record FILE), then run grognard lasalle "
                                "continue FILE --seed N", gr_json_path_key(p, sizeof p, "$.options", options[k].key),
                                options[k].cite);
        if (!options[k].bit)
            return gr_error_set(err, "%s: the optional rule %s is not built yet",
                                gr_json_path_key(p, sizeof p, "$.options", options[k].key), options[k].cite);
        s->options |= options[k].bit;
    }
    return 0;
}

static int load_weather(lasalle_scenario *s, json_t *root, gr_error *err)
{
    json_t *o = gr_json_object(root, "$", "weather", false, err);
    if (!o) return json_object_get(root, "weather") ? -1 : 0;
    return gr_json_only_keys(o, "$.weather", weather_keys, 2, err) ||
                   gr_json_enum(o, "$.weather", "ground", false, ground_names, 2, &s->ground, err) ||
                   gr_json_enum(o, "$.weather", "precipitation", false, precip_names, 3, &s->precip, err)
               ? -1
               : 0;
}

static int load_objectives(lasalle_scenario *s, json_t *root, gr_error *err)
{
    char p[64], q[128];
    json_t *arr = gr_json_array(root, "$", "objectives", false, 0, 100000, err);
    if (!arr) return json_object_get(root, "objectives") ? -1 : 0;
    if (json_array_size(arr) > LASALLE_MAX_OBJECTIVES)
        return gr_error_set(err, "$.objectives: %zu objectives, more than the %d a Lasalle game holds",
                            json_array_size(arr), LASALLE_MAX_OBJECTIVES);
    size_t i;
    json_t *o;
    json_array_foreach(arr, i, o) {
        gr_json_path_index(p, sizeof p, "$.objectives", i);
        lasalle_objective *ob = &s->objectives[s->nobjectives];
        double radius = LASALLE_OBJECTIVE_BW;
        long owner = s->defender;
        if (gr_json_only_keys(o, p, objective_keys, 5, err) ||
            gr_json_string(o, p, "name", true, ob->name, sizeof ob->name, err) ||
            gr_json_number(o, p, "x", true, 0, s->table_w, &ob->x, err) ||
            gr_json_number(o, p, "y", true, 0, s->table_h, &ob->y, err) ||
            gr_json_number(o, p, "radius", false, 0, 100, &radius, err) ||
            gr_json_int(o, p, "owner", false, -1, 1, &owner, err))
            return -1;
        /* a unit within 4 BW controls it [J Using the Objective Marker, p.91] */
        if (radius != LASALLE_OBJECTIVE_BW)
            return gr_error_set(err, "%s: an objective is controlled from 4 BW (J, p.91); the radius may only be 4",
                                gr_json_path_key(q, sizeof q, p, "radius"));
        ob->owner = (int)owner;
        s->nobjectives++;
    }
    return 0;
}

static int load_head(lasalle_scenario *s, json_t *root, gr_error *err)
{
    long turns = 0, first = 0, defender = -1;
    if (!json_is_object(root)) return gr_error_set(err, "$: expected a JSON object");
    if (gr_json_only_keys(root, "$", root_keys, (int)(sizeof root_keys / sizeof *root_keys), err) ||
        gr_json_string(root, "$", "name", true, s->name, sizeof s->name, err))
        return -1;
    json_t *nt = json_object_get(root, "notes");
    if (nt && !json_is_string(nt)) return gr_error_set(err, "$.notes: expected a string");
    json_t *t = gr_json_object(root, "$", "table", true, err);
    if (!t || gr_json_only_keys(t, "$.table", table_keys, 2, err) ||
        gr_json_number(t, "$.table", "width", true, 8, 200, &s->table_w, err) ||
        gr_json_number(t, "$.table", "height", true, 8, 200, &s->table_h, err) ||
        gr_json_int(root, "$", "turns", true, 2, LASALLE_MAX_TURNS, &turns, err) ||
        gr_json_int(root, "$", "first", false, 0, 1, &first, err) ||
        gr_json_int(root, "$", "defender", false, -1, 1, &defender, err))
        return -1;
    s->turns = (int)turns;
    s->first = (int)first;
    s->defender = (int)defender;
    return load_weather(s, root, err) || load_options(s, root, err) ? -1 : 0;
}

/* each side's Activity order: every force's units, then its subcommander;
 * the independent units; the commander last [C Movement: The Basics, p.24] */
static void build_slots(lasalle_scenario *s)
{
    for (int side = 0; side < 2; side++) {
        lasalle_slot_list *l = &s->slots[side];
        l->n = 0;
        for (int f = 0; f < s->nforces; f++) {
            if (s->forces[f].side != side) continue;
            for (int k = 0; k < s->forces[f].nunits; k++) l->slot[l->n++] = (int16_t)s->forces[f].units[k];
            l->slot[l->n++] = (int16_t)(LASALLE_MAX_UNITS + s->forces[f].officer);
        }
        for (int i = 0; i < s->nunits; i++)
            if (s->units[i].side == side && s->units[i].force < 0) l->slot[l->n++] = (int16_t)i;
        l->slot[l->n++] = (int16_t)(LASALLE_MAX_UNITS + s->commander[side]);
    }
}

static int load(lasalle_scenario *s, json_t *root, gr_error *err)
{
    if (load_head(s, root, err) || lasalle_load_terrain(s, root, err) || lasalle_load_sides(s, root, err) ||
        load_objectives(s, root, err) || lasalle_check_placement(s, err) ||
        lasalle_compressed_check_start(s, err))
        return -1;
    for (int i = 0; i < s->nunits; i++) s->morale[s->units[i].side] += lasalle_morale_value(&s->units[i]);
    for (int n = 0; n <= LASALLE_CHECK_DICE_MAX; n++) lasalle_check_fail_table(n, s->check_fail[n]);
    build_slots(s);
    return lasalle_notation_compile(s, err);
}

void *lasalle_scenario_load(json_t *root, const char *file, gr_error *err)
{
    lasalle_scenario *s = calloc(1, sizeof *s);
    if (!s) {
        gr_error_set(err, "%s: out of memory loading the scenario", file ? file : "scenario");
        return NULL;
    }
    s->defender = -1;
    if (load(s, root, err)) {
        gr_error_prefix(err, "%s: ", file ? file : "scenario");
        lasalle_scenario_free(s);
        return NULL;
    }
    return s;
}

void lasalle_scenario_free(void *scn)
{
    lasalle_scenario *s = scn;
    if (!s) return;
    for (int k = 0; k < (int)(sizeof s->re / sizeof *s->re); k++) gr_regex_free(s->re[k]);
    free(s);
}
