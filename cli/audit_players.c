/* audit_players.c - the audit's findings by player, from arena results
 * (audit_players.h). */
#include "audit_players.h"

#include <stdlib.h>
#include <string.h>

int gr_audit_players_load(gr_audit_players *p, const char *results, gr_error *err)
{
    memset(p, 0, sizeof *p);
    gr_arena_set_init(&p->games);
    long skipped = 0;
    gr_error warn;
    gr_error_clear(&warn);
    if (gr_arena_read(results, &p->games, &skipped, &warn, err)) return -1;
    if (skipped) fprintf(stderr, "grognard audit: %s: skipped %ld torn or bad line(s): %s\n", results, skipped, warn.msg);
    return 0;
}

void gr_audit_players_free(gr_audit_players *p)
{
    gr_arena_set_free(&p->games);
    free(p->row);
    memset(p, 0, sizeof *p);
}

/* the game a record of the arena is of: its file is named TOURNAMENT-INDEX.json */
static const gr_arena_game *game_of(const gr_audit_players *p, const char *record_path)
{
    const char *base = strrchr(record_path, '/');
    base = base ? base + 1 : record_path;
    const char *dash = strrchr(base, '-');
    if (!dash) return NULL;
    char *end;
    long index = strtol(dash + 1, &end, 10);
    if (end == dash + 1 || strcmp(end, ".json")) return NULL;
    size_t tlen = (size_t)(dash - base);
    for (size_t i = 0; i < p->games.n; i++) {
        const gr_arena_game *g = &p->games.g[i];
        if (g->index == index && strlen(g->tournament) == tlen && !strncmp(g->tournament, base, tlen)) return g;
    }
    return NULL;
}

static gr_audit_player *row_of(gr_audit_players *p, const char *spec)
{
    for (int i = 0; i < p->n; i++)
        if (!strcmp(p->row[i].spec, spec)) return &p->row[i];
    if (p->n == p->cap) {
        int cap = p->cap ? 2 * p->cap : 8;
        gr_audit_player *more = realloc(p->row, (size_t)cap * sizeof *more);
        if (!more) return NULL;
        p->row = more;
        p->cap = cap;
    }
    gr_audit_player *r = &p->row[p->n++];
    memset(r, 0, sizeof *r);
    snprintf(r->spec, sizeof r->spec, "%s", spec);
    return r;
}

int gr_audit_players_add(gr_audit_players *p, const char *record_path, const gr_audit *a)
{
    const gr_arena_game *g = game_of(p, record_path);
    if (!g) {
        p->unmatched++;
        return 0;
    }
    gr_audit_player *side[2];
    for (int k = 0; k < 2; k++) {
        if (!(side[k] = row_of(p, g->players[k]))) return -1;
        side[k]->side_games++;
    }
    size_t n;
    const gr_audit_finding *f = gr_audit_findings(a, &n);
    for (size_t i = 0; i < n; i++)
        if (f[i].side == 0 || f[i].side == 1) side[f[i].side]->found[f[i].check]++;
    return 0;
}

void gr_audit_players_print(const gr_audit_players *p, FILE *out)
{
    fprintf(out, "\nby the player who gave the orders (a game counts once for each side; per side-game):\n");
    fprintf(out, "%-32s %10s", "player", "side-games");
    for (int c = 0; c < GR_AUDIT_NCHECKS; c++) fprintf(out, "  %s", gr_audit_check_name(c));
    fputc('\n', out);
    for (int i = 0; i < p->n; i++) {
        const gr_audit_player *r = &p->row[i];
        fprintf(out, "%-32s %10ld", r->spec, r->side_games);
        for (int c = 0; c < GR_AUDIT_NCHECKS; c++) {
            char cell[48];
            snprintf(cell, sizeof cell, "%ld (%.2f)", r->found[c], r->side_games ? (double)r->found[c] / (double)r->side_games : 0.0);
            fprintf(out, "  %*s", (int)strlen(gr_audit_check_name(c)), cell);
        }
        fputc('\n', out);
    }
    if (p->unmatched) fprintf(out, "%ld audited record(s) are of no game in the results\n", p->unmatched);
}
