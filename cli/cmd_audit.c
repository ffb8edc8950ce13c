/* cmd_audit.c - `grognard audit RECORD|DIR... [--results FILE]
 * [--examples N] [--json]`: replays game records through the blunder audit
 * (bench/audit/audit.h) and says how often each check fired, per game,
 * with examples to look at; with an arena's results, per player too
 * (audit_players.h). A record that cannot be read or replayed is named and passed over;
 * the exit status is then 1. */
#include "commands.h"
#include "audit_players.h"
#include "tune_records.h"
#include "../bench/audit/audit.h"
#include "../engine/core/args.h"
#include "../engine/core/play.h"
#include "../engine/registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* one finding kept as an example, with the record it came from */
typedef struct audit_example {
    gr_audit_finding f;
    char file[256];
    char side[48];
} audit_example;

typedef struct audit_totals {
    long records, failed, actions;
    long found[GR_AUDIT_NCHECKS];
    long games_with[GR_AUDIT_NCHECKS];
    audit_example *ex;          /* at most `keep` a check */
    int nex[GR_AUDIT_NCHECKS];
    int keep;
    gr_audit_players *by_player;    /* NULL: no results given */
} audit_totals;

static void keep_examples(audit_totals *t, const gr_game *g, const gr_audit *a, const char *file)
{
    size_t n;
    const gr_audit_finding *f = gr_audit_findings(a, &n);
    const char *names[2];
    gr_game_side_names(g, names);
    for (size_t k = 0; k < n; k++) {
        int c = f[k].check;
        if (t->nex[c] >= t->keep) continue;
        audit_example *e = &t->ex[c * t->keep + t->nex[c]++];
        e->f = f[k];
        snprintf(e->file, sizeof e->file, "%s", file);
        snprintf(e->side, sizeof e->side, "%s", f[k].side == 0 || f[k].side == 1 ? names[f[k].side] : "?");
    }
}

/* one record through a fresh audit; 0, or -1 with the reason */
static int audit_one(audit_totals *t, const char *file, gr_error *err)
{
    gr_record rec;
    if (gr_record_load(&rec, file, err)) return -1;
    gr_game g;
    if (gr_game_from_json(&g, rec.scenario, rec.scenario_file[0] ? rec.scenario_file : file, err)) {
        gr_error_prefix(err, "embedded scenario: ");
        gr_record_free(&rec);
        return -1;
    }
    gr_audit *a = gr_audit_new(&g);
    int rc = a ? gr_audit_record(&g, &rec, a, err) : gr_error_set(err, "out of memory");
    if (!rc) {
        t->actions += gr_audit_actions(a);
        for (int c = 0; c < GR_AUDIT_NCHECKS; c++) {
            t->found[c] += gr_audit_count(a, c);
            t->games_with[c] += gr_audit_count(a, c) > 0;
        }
        keep_examples(t, &g, a, file);
        if (t->by_player && gr_audit_players_add(t->by_player, file, a)) rc = gr_error_set(err, "out of memory");
    }
    gr_audit_free(a);
    gr_game_free(&g);
    gr_record_free(&rec);
    return rc;
}

static void print_text(const audit_totals *t)
{
    long games = t->records - t->failed;
    printf("audited %ld game record(s), %ld orders\n\n", games, t->actions);
    printf("%-24s %7s %9s %15s\n", "check", "found", "per game", "games with one");
    for (int c = 0; c < GR_AUDIT_NCHECKS; c++)
        printf("%-24s %7ld %9.2f %15ld\n", gr_audit_check_name(c), t->found[c],
               games ? (double)t->found[c] / (double)games : 0.0, t->games_with[c]);
    printf("\nwhat each check counts:\n");
    for (int c = 0; c < GR_AUDIT_NCHECKS; c++) printf("  %s: %s\n", gr_audit_check_name(c), gr_audit_check_means(c));
    if (t->by_player) gr_audit_players_print(t->by_player, stdout);
    if (t->keep <= 0) return;
    printf("\nexamples (at most %d of each):\n", t->keep);
    for (int c = 0; c < GR_AUDIT_NCHECKS; c++)
        for (int k = 0; k < t->nex[c]; k++) {
            const audit_example *e = &t->ex[c * t->keep + k];
            printf("  %s: %s, move %d, %s%s%s%s: %s\n", gr_audit_check_name(c), e->file, e->f.move, e->side,
                   e->f.order[0] ? ": `" : "", e->f.order, e->f.order[0] ? "`" : "", e->f.what);
        }
}

static json_t *example_json(const audit_example *e)
{
    return json_pack("{s:s, s:i, s:s, s:i, s:s, s:s}", "record", e->file, "move", e->f.move, "side", e->side,
                     "unit", e->f.unit, "order", e->f.order, "what", e->f.what);
}

static json_t *players_json(const gr_audit_players *p)
{
    json_t *a = json_array();
    for (int i = 0; i < p->n; i++) {
        json_t *found = json_object();
        for (int c = 0; c < GR_AUDIT_NCHECKS; c++)
            json_object_set_new(found, gr_audit_check_name(c), json_integer(p->row[i].found[c]));
        json_array_append_new(a, json_pack("{s:s, s:I, s:o}", "player", p->row[i].spec, "side_games",
                                           (json_int_t)p->row[i].side_games, "found", found));
    }
    return a;
}

static void print_json(const audit_totals *t)
{
    json_t *checks = json_array();
    for (int c = 0; c < GR_AUDIT_NCHECKS; c++) {
        json_t *ex = json_array();
        for (int k = 0; k < t->nex[c]; k++) json_array_append_new(ex, example_json(&t->ex[c * t->keep + k]));
        json_array_append_new(checks, json_pack("{s:s, s:s, s:I, s:I, s:o}", "check", gr_audit_check_name(c),
                                                "means", gr_audit_check_means(c), "found", (json_int_t)t->found[c],
                                                "games_with", (json_int_t)t->games_with[c], "examples", ex));
    }
    json_t *o = json_pack("{s:I, s:I, s:I, s:o}", "records", (json_int_t)(t->records - t->failed), "failed",
                          (json_int_t)t->failed, "orders", (json_int_t)t->actions, "checks", checks);
    if (t->by_player) json_object_set_new(o, "players", players_json(t->by_player));
    char *s = json_dumps(o, JSON_INDENT(2));
    if (s) puts(s);
    free(s);
    json_decref(o);
}

/* every record of the list through the audit, with progress on stderr */
static void audit_all(audit_totals *t, const gr_tune_files *files, int quiet)
{
    gr_error err;
    for (int i = 0; i < files->n; i++) {
        gr_error_clear(&err);
        t->records++;
        if (audit_one(t, files->path[i], &err)) {
            fprintf(stderr, "%sgrognard audit: %s: %s (passed over)\n", quiet ? "" : "\n", files->path[i], err.msg);
            t->failed++;
        }
        if (!quiet) fprintf(stderr, "\rrecord %d/%d", i + 1, files->n);
    }
    if (!quiet && files->n) fprintf(stderr, "\n");
}

int gr_cmd_audit(int argc, char **argv)
{
    long examples = 5;
    int as_json = 0, quiet = 0;
    const char *results = NULL;
    gr_args_list paths = {argv, 0, argc};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_STRING("--results", &results, "FILE", "the arena's results of these records: counts per player"),
        GR_ARGS_OPT_LONG("--examples", &examples, 0, 1000, "N", "examples shown of each check (default 5)"),
        GR_ARGS_OPT_FLAG("--json", &as_json, "the counts and examples as JSON"),
        GR_ARGS_OPT_FLAG("--quiet", &quiet, "no progress on standard error"),
    };
    const gr_args_spec spec = {
        .verb = "grognard audit",
        .usage = "usage: grognard audit RECORD|DIR... [--results FILE] [--examples N] [--json] [--quiet]\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &paths, .min_pos = 1, .pos_name = "a RECORD or a DIR of records",
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    gr_error err;
    gr_error_clear(&err);
    gr_tune_files files = {0};
    for (int i = 0; i < paths.n; i++)
        if (gr_tune_files_add(&files, paths.v[i], &err)) {
            fprintf(stderr, "grognard audit: %s\n", err.msg);
            gr_tune_files_free(&files);
            return 1;
        }
    gr_audit_players by_player;
    if (results && gr_audit_players_load(&by_player, results, &err)) {
        fprintf(stderr, "grognard audit: %s\n", err.msg);
        gr_tune_files_free(&files);
        return 1;
    }
    audit_totals t = {.keep = (int)examples, .by_player = results ? &by_player : NULL};
    t.ex = calloc((size_t)GR_AUDIT_NCHECKS * (size_t)(t.keep > 0 ? t.keep : 1), sizeof *t.ex);
    if (!t.ex) {
        fprintf(stderr, "grognard audit: out of memory\n");
        if (results) gr_audit_players_free(&by_player);
        gr_tune_files_free(&files);
        return 1;
    }
    audit_all(&t, &files, quiet);
    if (as_json) print_json(&t);
    else print_text(&t);
    if (t.failed) fprintf(stderr, "grognard audit: %ld of %ld record(s) could not be audited\n", t.failed, t.records);
    free(t.ex);
    if (results) gr_audit_players_free(&by_player);
    gr_tune_files_free(&files);
    return t.failed ? 1 : 0;
}
