/* army_json.c - an army as JSON, in the army-file format the loader reads
 * (docs/lasalle-armies.md), and writing it to a file atomically. Keys that
 * hold their default are left out, so a written file reads like one made by
 * hand. */
#include "internal.h"
#include "../../core/fsutil.h"

#include <stdlib.h>
#include <string.h>

static void set_str(json_t *o, const char *key, const char *s)
{
    if (s && *s) json_object_set_new(o, key, json_string(s));
}

static void set_true(json_t *o, const char *key, bool b)
{
    if (b) json_object_set_new(o, key, json_true());
}

static json_t *unit_json(const lasalle_army_unit *u)
{
    json_t *o = json_object();
    json_object_set_new(o, u->battery ? "battery" : "unit", json_string(u->type));
    set_str(o, "name", u->name);
    set_true(o, "large", u->large);
    set_str(o, "variant", u->variant);
    set_true(o, "irregular", u->irregular);
    set_true(o, "half_deployed", u->half_deployed);
    set_true(o, "broken_up", u->broken_up);
    if (u->sk_bases) json_object_set_new(o, "sk_bases", json_integer(u->sk_bases));
    set_true(o, "entrenched", u->entrenched);
    if (u->swap) set_str(o, "swap", lasalle_army_swap_ids[u->swap % LASALLE_ARMY_SWAP_COUNT]);
    return o;
}

static json_t *units_json(const lasalle_army_unit *u, int n)
{
    json_t *arr = json_array();
    for (int i = 0; i < n; i++) json_array_append_new(arr, unit_json(&u[i]));
    return arr;
}

static json_t *sub_json(const lasalle_army_sub *s)
{
    json_t *o = json_object();
    set_str(o, "name", s->name);
    if (s->has_vigor) json_object_set_new(o, "vigor", json_integer(s->vigor));
    if (s->has_tactics) json_object_set_new(o, "tactics", json_string(lasalle_list_tactics_name(s->tactics)));
    if (s->vigor_roll) json_object_set_new(o, "vigor_roll", json_integer(s->vigor_roll));
    if (s->tactics_roll) json_object_set_new(o, "tactics_roll", json_integer(s->tactics_roll));
    return o;
}

static json_t *force_json(const lasalle_army_force *f)
{
    json_t *o = json_object();
    set_str(o, "name", f->name);
    if (f->support) {
        json_object_set_new(o, "support", json_string(lasalle_list_support_name(f->kind)));
        set_str(o, "brigade", f->brigade);
        set_str(o, "state", f->state);
        if (f->kind == LASALLE_LIST_SUP_ALLIED && f->reserve) json_object_set_new(o, "reserve", json_true());
    }
    if (f->sub.present) json_object_set_new(o, "subcommander", sub_json(&f->sub));
    json_object_set_new(o, "units", units_json(f->units, f->nunits));
    return o;
}

json_t *lasalle_army_to_json(const lasalle_army *a)
{
    json_t *o = json_object();
    json_object_set_new(o, "ruleset", json_string("lasalle"));
    json_object_set_new(o, "format", json_string("lasalle-army"));
    json_object_set_new(o, "list", json_string(a->list));
    set_str(o, "name", a->name);
    json_object_set_new(o, "role", json_string(lasalle_list_role_name(a->role)));
    json_object_set_new(o, "support_choices", json_integer(a->support_choices));
    if (a->has_commander) {
        json_t *c = json_object();
        set_str(c, "name", a->commander);
        json_object_set_new(o, "commander", c);
    }
    if (a->engineers != LASALLE_ARMY_DEFAULT_ENGINEERS) json_object_set_new(o, "engineers", json_integer(a->engineers));
    json_t *forces = json_array();
    for (int i = 0; i < a->nforces; i++) json_array_append_new(forces, force_json(&a->forces[i]));
    json_object_set_new(o, "forces", forces);
    if (a->nindep) json_object_set_new(o, "independents", units_json(a->indep, a->nindep));
    return o;
}

int lasalle_army_write_file(const lasalle_army *a, const char *path, gr_error *err)
{
    gr_error_clear(err);
    json_t *o = lasalle_army_to_json(a);
    char *text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(o);
    if (!text) return gr_error_set(err, "out of memory");
    size_t len = strlen(text);
    char *buf = malloc(len + 2);
    if (!buf) {
        free(text);
        return gr_error_set(err, "out of memory");
    }
    memcpy(buf, text, len);
    buf[len] = '\n';
    free(text);
    int rc = gr_write_atomic(path, buf, len + 1, err);
    free(buf);
    return rc;
}
