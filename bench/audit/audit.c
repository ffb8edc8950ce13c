/* audit.c - the audit's bookkeeping (audit.h): positions read once per
 * action, player-moves opened and closed, findings kept, and records
 * replayed through it. The checks themselves are in checks.c. */
#include "audit.h"
#include "checks.h"

#include <stdlib.h>
#include <string.h>

#include "../../engine/core/play.h"

const char *gr_audit_check_name(int check)
{
    static const char *const names[GR_AUDIT_NCHECKS] = {"guns turned away", "guns into close range",
                                                        "back and forth", "idle while not winning"};
    return check >= 0 && check < GR_AUDIT_NCHECKS ? names[check] : "?";
}

const char *gr_audit_check_means(int check)
{
    static const char *const means[GR_AUDIT_NCHECKS] = {
        "artillery turned or moved by its own order so that no enemy unit stands ahead of its front, "
        "when one did before",
        "artillery ordered forward to end within a third of a move of enemy foot or horse, from farther "
        "(a turn or a change of formation in place aside)",
        "a unit ordered a third of a move or more one way in its side's move and a third of a move or more "
        "back the opposite way (within about 45 degrees) in the side's next move",
        "a side giving no order to advance, attack, fire, fall back, form or manoeuvre in its own moves, "
        "in a row, while it had one to give and a timed end would not have been its win",
    };
    return check >= 0 && check < GR_AUDIT_NCHECKS ? means[check] : "?";
}

gr_audit *gr_audit_new(const gr_game *g)
{
    gr_audit *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->g = g;
    size_t n = (size_t)g->rs->ai->unit_count(g->scn) + 1;
    a->last = malloc(g->rs->rules->state_size);
    a->start = calloc(n, sizeof *a->start);
    a->ordered = calloc(n, sizeof *a->ordered);
    a->order = calloc(n, sizeof *a->order);
    a->last_vec = calloc(n, sizeof *a->last_vec);
    a->last_own = calloc(n, sizeof *a->last_own);
    a->last_order = calloc(n, sizeof *a->last_order);
    a->menu = calloc(GR_MAX_ACTIONS, sizeof *a->menu);
    if (!a->last || !a->start || !a->ordered || !a->order || !a->last_vec || !a->last_own || !a->last_order ||
        !a->menu || gr_apieces_init(&a->pb, g) || gr_apieces_init(&a->pa, g)) {
        gr_audit_free(a);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) a->last_own[i] = -1;
    return a;
}

void gr_audit_free(gr_audit *a)
{
    if (!a) return;
    gr_apieces_free(&a->pb);
    gr_apieces_free(&a->pa);
    free(a->last);
    free(a->start);
    free(a->ordered);
    free(a->order);
    free(a->last_vec);
    free(a->last_own);
    free(a->last_order);
    free(a->menu);
    free(a->found);
    free(a);
}

int gr_audit_add(gr_audit *a, const gr_audit_finding *f)
{
    if (a->nfound == a->capfound) {
        size_t cap = a->capfound ? 2 * a->capfound : 16;
        gr_audit_finding *more = realloc(a->found, cap * sizeof *more);
        if (!more) return -1;
        a->found = more;
        a->capfound = cap;
    }
    a->found[a->nfound++] = *f;
    a->counts[f->check]++;
    return 0;
}

/* the pieces of `before` into pb: those of the last position read when it
 * is the same position, else read afresh */
static int read_before(gr_audit *a, const void *before)
{
    size_t sz = a->g->rs->rules->state_size;
    if (a->have_last && !memcmp(a->last, before, sz)) {
        gr_apieces t = a->pb;
        a->pb = a->pa;
        a->pa = t;
        return 0;
    }
    return gr_apieces_read(&a->pb, a->g, before);
}

static int read_after(gr_audit *a, const void *after)
{
    if (gr_apieces_read(&a->pa, a->g, after)) return -1;
    memcpy(a->last, after, a->g->rs->rules->state_size);
    a->have_last = 1;
    return 0;
}

/* does the menu of this position offer an order of an active kind */
static int menu_has_active(gr_audit *a, const void *state)
{
    const gr_ruleset *rs = a->g->rs;
    int n = rs->rules->legal_actions(a->g->scn, state, a->menu, GR_MAX_ACTIONS);
    for (int k = 0; k < n; k++) {
        gr_action_info ai;
        rs->ai->action_info(a->g->scn, state, &a->menu[k], &ai);
        if (gr_audit_active_kind(ai.kind)) return 1;
    }
    return 0;
}

/* what the deciding side did in this move, for the idle check, and the
 * unit an order moved, for back and forth */
static void note_decision(gr_audit *a, const void *before, const gr_action *act, int side,
                          const gr_action_info *info)
{
    a->decisions[side]++;
    if (gr_audit_active_kind(info->kind)) a->acted[side] = 1;
    else if (!a->could[side] && menu_has_active(a, before)) a->could[side] = 1;
    if (info->unit >= 0 && info->unit < a->pb.n && gr_audit_moving_kind(info->kind)) {
        a->ordered[info->unit] = 1;
        a->g->rs->present->format_action(a->g->scn, before, act, a->order[info->unit], sizeof a->order[0]);
    }
}

int gr_audit_step(gr_audit *a, const void *before, const gr_action *act, const void *after)
{
    const gr_ruleset *rs = a->g->rs;
    if (read_before(a, before)) return -1;
    int t = rs->rules->turn(a->g->scn, before);
    if (a->move != t) {
        if (a->move && gr_audit_end_move(a, &a->pb)) return -1;
        gr_audit_begin_move(a, t, before, &a->pb);
    }
    int side = rs->rules->to_move(a->g->scn, before);
    if (read_after(a, after)) return -1;
    if (side != 0 && side != 1) return 0;
    a->actions++;
    gr_action_info info;
    rs->ai->action_info(a->g->scn, before, act, &info);
    note_decision(a, before, act, side, &info);
    return gr_audit_guns(a, before, act, &info);
}

int gr_audit_finish(gr_audit *a, const void *final_state)
{
    if (!a->move) return 0;
    if (read_after(a, final_state)) return -1;
    if (gr_audit_end_move(a, &a->pa)) return -1;
    a->move = 0;
    for (int s = 0; s < 2; s++)
        if (gr_audit_close_streak(a, s)) return -1;
    return 0;
}

long gr_audit_count(const gr_audit *a, int check)
{
    return check >= 0 && check < GR_AUDIT_NCHECKS ? a->counts[check] : 0;
}

long gr_audit_actions(const gr_audit *a) { return a->actions; }

const gr_audit_finding *gr_audit_findings(const gr_audit *a, size_t *n)
{
    *n = a->nfound;
    return a->found;
}

/* ---- records ---- */

typedef struct replay_ctx {
    gr_audit *a;
    const gr_record *rec;
    void *prev;         /* the position the pending action was chosen in */
    gr_action act;      /* the pending action */
    int pending;
} replay_ctx;

static int visit(void *ctx, const gr_game *g, const void *state, int i, gr_error *err)
{
    replay_ctx *c = ctx;
    if (c->pending && gr_audit_step(c->a, c->prev, &c->act, state)) return gr_error_set(err, "out of memory");
    c->pending = 0;
    const char *text = c->rec->actions[i];
    if (!strncmp(text, GR_RECORD_EDIT_PREFIX, strlen(GR_RECORD_EDIT_PREFIX))) return 0;
    if (g->rs->present->parse_action(g->scn, state, text, &c->act, err)) {
        gr_error_prefix(err, "action %d '%s': ", i + 1, text);
        return -1;
    }
    memcpy(c->prev, state, g->rs->rules->state_size);
    c->pending = 1;
    return 0;
}

int gr_audit_record(const gr_game *g, const gr_record *rec, gr_audit *a, gr_error *err)
{
    size_t sz = g->rs->rules->state_size;
    replay_ctx c = {.a = a, .rec = rec};
    void *state = malloc(sz);
    c.prev = malloc(sz);
    int rc = -1;
    if (!state || !c.prev) {
        gr_error_set(err, "out of memory");
        goto done;
    }
    if (gr_replay_visit(g, rec, state, visit, &c, err)) goto done;
    if ((c.pending && gr_audit_step(a, c.prev, &c.act, state)) || gr_audit_finish(a, state)) {
        gr_error_set(err, "out of memory");
        goto done;
    }
    rc = 0;
done:
    free(state);
    free(c.prev);
    return rc;
}
