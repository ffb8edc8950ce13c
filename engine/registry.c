/* registry.c - finding a ruleset by name and loading scenarios into games. */
#include "registry.h"
#include "core/jsonutil.h"
#include "fogn/fogn.h"

#include <stdio.h>
#include <string.h>

static const gr_ruleset *const all_rulesets[] = {&fogn_ruleset};

const gr_ruleset *gr_ruleset_find(const char *name)
{
    for (size_t i = 0; i < sizeof all_rulesets / sizeof *all_rulesets; i++)
        if (!strcmp(all_rulesets[i]->name, name)) return all_rulesets[i];
    return NULL;
}

int gr_game_from_json(gr_game *g, json_t *root, const char *path, gr_error *err)
{
    memset(g, 0, sizeof *g);
    snprintf(g->path, sizeof g->path, "%s", path);
    if (!json_is_object(root)) return gr_error_set(err, "%s: $: expected a JSON object", path);
    json_t *rs = json_object_get(root, "ruleset");
    if (!json_is_string(rs))
        return gr_error_set(err, "%s: $.ruleset: expected the name of a ruleset (\"fogn\")", path);
    g->rs = gr_ruleset_find(json_string_value(rs));
    if (!g->rs)
        return gr_error_set(err, "%s: $.ruleset: unknown ruleset \"%s\" (known: fogn)", path, json_string_value(rs));
    g->scn = g->rs->scenario_load(root, path, err);
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
    if (g->rs && g->scn) g->rs->scenario_free(g->scn);
    json_decref(g->scenario_json);
    memset(g, 0, sizeof *g);
}
