/* registry.c - the rulesets built in (rulesets.def), found by name, and
 * scenario files loaded into games. */
#include "registry.h"
#include "core/jsonutil.h"
#include "core/ruleset.h"

#include <stdio.h>
#include <string.h>

#define GR_RULESET(name, table) extern const gr_ruleset table;
#include "rulesets.def"
#undef GR_RULESET

static const gr_ruleset *const all_rulesets[] = {
#define GR_RULESET(name, table) &table,
#include "rulesets.def"
#undef GR_RULESET
};

int gr_ruleset_count(void) { return (int)(sizeof all_rulesets / sizeof *all_rulesets); }

const gr_ruleset *gr_ruleset_at(int i) { return i >= 0 && i < gr_ruleset_count() ? all_rulesets[i] : NULL; }

const gr_ruleset *gr_ruleset_find(const char *name)
{
    for (int i = 0; i < gr_ruleset_count(); i++)
        if (!strcmp(all_rulesets[i]->name, name)) return all_rulesets[i];
    return NULL;
}

/* "fogn", "fogn, hexes": the names of the known rulesets, for messages */
static void known_names(char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < gr_ruleset_count() && len < cap; i++) {
        int w = snprintf(buf + len, cap - len, "%s\"%s\"", i ? ", " : "", all_rulesets[i]->name);
        if (w < 0) break;
        len += (size_t)w;
    }
}

int gr_game_from_json(gr_game *g, json_t *root, const char *path, gr_error *err)
{
    memset(g, 0, sizeof *g);
    snprintf(g->path, sizeof g->path, "%s", path);
    char known[256];
    known_names(known, sizeof known);
    if (!json_is_object(root)) return gr_error_set(err, "%s: $: expected a JSON object", path);
    json_t *rs = json_object_get(root, "ruleset");
    if (!json_is_string(rs))
        return gr_error_set(err, "%s: $.ruleset: expected the name of a ruleset (%s)", path, known);
    g->rs = gr_ruleset_find(json_string_value(rs));
    if (!g->rs)
        return gr_error_set(err, "%s: $.ruleset: unknown ruleset \"%s\" (known: %s)", path, json_string_value(rs),
                            known);
    if (gr_rs_check(g->rs, err)) return -1; /* a table this program cannot drive */
    g->scn = g->rs->rules->scenario_load(root, path, err);
    if (!g->scn) return -1;
    g->scenario_json = json_incref(root);
    return 0;
}

int gr_game_load(gr_game *g, const char *path, gr_error *err)
{
    memset(g, 0, sizeof *g);
    json_t *root = gr_json_load_file(path, err);
    if (!root) return -1;
    int rc = gr_game_from_json(g, root, path, err);
    json_decref(root);
    return rc;
}

void gr_game_free(gr_game *g)
{
    if (g->rs && g->scn) g->rs->rules->scenario_free(g->scn);
    json_decref(g->scenario_json);
    memset(g, 0, sizeof *g);
}
