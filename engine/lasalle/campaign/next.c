/* next.c - the next battle's scenario after Continuing Games [H, p.79]:
 * the finished battle's own file (its table, terrain and set-up, R-175)
 * with every lost unit taken out, every force left without a unit dropped
 * with its subcommander, all DISR gone, and a subcommander replaced in the
 * battle [H, p.73] written with the ratings he ended it with; the
 * name and notes say what it follows (campaign.h). */
#include "campaign.h"

#include <stdio.h>
#include <string.h>

static const char *const tactics_words[3] = {"poor", "average", "good"};

/* the kept units of one array (the loader's order: `*i` is the next unit's index); NULL when none is kept */
static json_t *kept_units(const json_t *arr, const lasalle_campaign *c, int *i)
{
    json_t *keep = json_array(), *v;
    size_t k;
    json_array_foreach(arr, k, v) {
        int lost = *i < LASALLE_MAX_UNITS && c->u[*i].fate == LASALLE_FATE_LOST;
        (*i)++;
        if (lost) continue;
        json_t *u = json_deep_copy(v);
        json_object_del(u, "disr"); /* all disruptions are recovered [H, p.79] */
        json_array_append_new(keep, u);
    }
    if (json_array_size(keep)) return keep;
    json_decref(keep);
    return NULL;
}

/* a subcommander replaced during the battle leads his force with the ratings he has now */
static void officer_now(json_t *sub, const lasalle_scenario *s, const lasalle_state *st, int k)
{
    const lasalle_officer *o = &st->o[k];
    if (!(o->flags & LASALLE_OF_REPLACED)) return;
    char name[LASALLE_NAME];
    snprintf(name, sizeof name, "%.38s's aide", s->officers[k].name);
    json_object_set_new(sub, "name", json_string(name));
    json_object_set_new(sub, "vigor", json_integer(o->vigor));
    json_object_set_new(sub, "tactics", json_string(tactics_words[(o->tactics + 1) % 3]));
}

/* one side's forces and independent units; the count of units kept */
static int next_side(json_t *side, const lasalle_scenario *s, const lasalle_state *st,
                     const lasalle_campaign *c, int *i, int *f)
{
    int n = 0;
    json_t *forces = json_object_get(side, "forces"), *keep = json_array(), *v;
    size_t k;
    json_array_foreach(forces, k, v) {
        json_t *units = kept_units(json_object_get(v, "units"), c, i);
        int officer = *f < s->nforces ? s->forces[*f].officer : -1;
        (*f)++;
        if (!units) continue;
        json_t *fo = json_deep_copy(v);
        json_object_set_new(fo, "units", units);
        json_t *sub = json_object_get(fo, "subcommander");
        if (officer >= 0 && json_is_object(sub)) officer_now(sub, s, st, officer);
        n += (int)json_array_size(units);
        json_array_append_new(keep, fo);
    }
    json_object_set_new(side, "forces", keep);
    json_t *ind = json_object_get(side, "independent");
    if (ind) {
        json_t *units = kept_units(ind, c, i);
        if (units) {
            n += (int)json_array_size(units);
            json_object_set_new(side, "independent", units);
        } else {
            json_object_del(side, "independent");
        }
    }
    return n;
}

static void name_it(json_t *root, const lasalle_scenario *s, const lasalle_campaign *c)
{
    char name[96], notes[512];
    snprintf(name, sizeof name, "%.70s, %s", s->name, c->second_day ? "the second day" : "the next battle");
    json_object_set_new(root, "name", json_string(name));
    int at = snprintf(notes, sizeof notes, "After %s (Continuing Games, H p.79): ", s->name);
    if (c->broke >= 0)
        at += snprintf(notes + at, sizeof notes - (size_t)at, "the %s broke%s. ", s->side_name[c->broke],
                       c->pursued[c->broke] ? " and were pursued" : ", their retreat covered");
    else
        at += snprintf(notes + at, sizeof notes - (size_t)at, "a draw; %s. ",
                       c->second_day ? "both stayed, the second day on the same field" : "no second day on this field");
    for (int side = 0; side < 2 && at > 0 && (size_t)at < sizeof notes; side++)
        at += snprintf(notes + at, sizeof notes - (size_t)at, "%s: %d of %d broken units returned, %d lost. ",
                       s->side_name[side], c->returns[side], c->broken[side], c->lost[side]);
    if (at > 0 && (size_t)at < sizeof notes && notes[at - 1] == ' ') notes[at - 1] = 0;
    json_object_set_new(root, "notes", json_string(notes));
}

json_t *lasalle_campaign_next(const json_t *scenario, const lasalle_scenario *s, const lasalle_state *st,
                              const lasalle_campaign *c, gr_error *err)
{
    json_t *root = json_deep_copy(scenario);
    json_t *sides = root ? json_object_get(root, "sides") : NULL;
    if (!json_is_array(sides) || json_array_size(sides) != 2) {
        json_decref(root);
        gr_error_set(err, "the game's scenario has no two sides to carry on");
        return NULL;
    }
    int i = 0, f = 0;
    for (int side = 0; side < 2; side++) {
        if (next_side(json_array_get(sides, (size_t)side), s, st, c, &i, &f)) continue;
        json_decref(root);
        gr_error_set(err, "the army of the %s has no unit left: there is no next battle for it (H, p.79)",
                     s->side_name[side]);
        return NULL;
    }
    if (i != s->nunits || f != s->nforces) {
        json_decref(root);
        gr_error_set(err, "the game's scenario does not match its units (%d of %d units, %d of %d forces)", i,
                     s->nunits, f, s->nforces);
        return NULL;
    }
    name_it(root, s, c);
    return root;
}
