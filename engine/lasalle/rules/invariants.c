/* invariants.c - what must hold in every Lasalle position, checked after
 * every action by the soak and the end-to-end games: the turn's numbers in
 * range; every unit in a formation open to it, with fewer DISR than bases
 * (artillery none), wholly on the table, out of impassable ground and
 * overlapping no other unit; officers on the table; engineers in reserve,
 * or attached to regular infantry of their side, one a unit [H, p.77]; the
 * step table at a decision that is really due; every byte beyond the
 * scenario's units, officers, engineers and objectives zero (states are
 * compared byte for byte). */
#include "present.h"
#include "engineer_bridge.h"
#include "works.h"
#include "engineer_task.h"
#include "footprint.h"
#include "ground.h"
#include "tables.h"
#include "turn.h"

#include <math.h>
#include <string.h>

static int all_zero(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t k = 0; k < n; k++)
        if (b[k]) return 0;
    return 1;
}

static int check_unit(const lasalle_scenario *s, const lasalle_state *st, int i, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    const lasalle_unit *u = &st->u[i];
    if (u->status > LASALLE_LEFT) return gr_error_set(err, "u%d (%s) has status %d", i, p->name, u->status);
    if (u->form >= LASALLE_FORM_COUNT || !lasalle_form_allowed(s, p, u->form))
        return gr_error_set(err, "u%d (%s) stands in formation %d, not open to it", i, p->name, u->form);
    if (!isfinite(u->x) || !isfinite(u->y) || !isfinite(u->heading))
        return gr_error_set(err, "u%d (%s) has a position that is not a number", i, p->name);
    if (u->esprit >= LASALLE_ESPRIT_COUNT) return gr_error_set(err, "u%d (%s) has esprit %d", i, p->name, u->esprit);
    /* marks of one decision: a winner's advance, a town block only in March, an arrival only while it is due */
    if ((u->flags & LASALLE_UF_MAY_ADVANCE) && st->turn.step != LASALLE_ST_ADVANCE)
        return gr_error_set(err, "u%d (%s) may advance outside the advance step", i, p->name);
    if ((st->fb_due >> i & 1) && (st->turn.step != LASALLE_ST_FALLBACK || !lasalle_alive(st, i)))
        return gr_error_set(err, "u%d (%s) owes a fall-back outside the fall-back step, or off the table", i, p->name);
    if ((u->flags & LASALLE_UF_TOWN_BLOCK) && u->form != LASALLE_MARCH)
        return gr_error_set(err, "u%d (%s) stands in a town block out of March", i, p->name);
    if ((u->flags & LASALLE_UF_ARRIVING) && st->turn.step != LASALLE_ST_ARRIVE)
        return gr_error_set(err, "u%d (%s) is arriving outside the arrival step", i, p->name);
    if (!lasalle_alive(st, i)) return 0;
    if (p->type == LASALLE_ART ? u->disr != 0 : u->disr >= p->nbases)
        return gr_error_set(err, "u%d (%s) is on the table with %d DISR and %d bases", i, p->name, u->disr, p->nbases);
    gr_rect h = lasalle_hull(s, st, i);
    int m = lasalle_meets_st(s, st, &h, NULL);
    if (m & LASALLE_MEETS_OFF_TABLE) return gr_error_set(err, "u%d (%s) reaches off the table", i, p->name);
    if (m & LASALLE_MEETS_IMPASSABLE) return gr_error_set(err, "u%d (%s) stands in impassable ground", i, p->name);
    if (u->form == LASALLE_TOWN && lasalle_town_of(s, &h) < 0)
        return gr_error_set(err, "u%d (%s) is Deployed(Town) outside a town base (G, p.69)", i, p->name);
    for (int j = i + 1; j < s->nunits; j++) {
        if (!lasalle_alive(st, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        /* twice the rules' tolerance: positions are kept as floats */
        if (gr_rect_overlap(&h, &g, 2 * LASALLE_OVERLAP_EPS))
            return gr_error_set(err, "u%d (%s) overlaps u%d (%s)", i, p->name, j, s->units[j].name);
    }
    return 0;
}

/* an engineer at Demolition, Fortification or Bridging [H, p.78-79]: at a bridge's end, a town base, or a bank
 * site of the water with its pontoon's sections so far; its finished pontoon (lasalle_state.spans) */
static int check_table_task(const lasalle_scenario *s, const lasalle_state *st, int e, gr_error *err)
{
    const lasalle_engineer *g = &st->eng[e];
    int k = g->piece, kind = k >= 0 && k < s->terrain.n ? s->ground_of[k].kind : -1, ok;
    if (g->task == LASALLE_TASK_FIELD_WORKS) /* a line on the table, no piece [H, p.78] */
        ok = k == -1 && !g->spot && !g->sections && !g->bank && !(st->spans >> e & 1) && g->x >= 0 && g->y >= 0 &&
             g->x <= s->table_w && g->y <= s->table_h && isfinite(g->heading);
    else if (g->task == LASALLE_TASK_DEMOLITION && lasalle_bank_sites(s, k)) /* blowing a finished pontoon */
        ok = g->spot < lasalle_bank_sites(s, k) && g->bank <= 1 && !g->sections && !(st->spans >> e & 1);
    else if (g->task == LASALLE_TASK_BRIDGING)
        ok = g->spot < lasalle_bank_sites(s, k) && g->bank <= 1 && g->sections <= lasalle_pontoon_sections(s, k) &&
             (g->sections < lasalle_pontoon_sections(s, k) || g->status != LASALLE_EN_WORKING) &&
             (!(st->spans >> e & 1) || g->sections == lasalle_pontoon_sections(s, k));
    else
        ok = kind == (g->task == LASALLE_TASK_DEMOLITION ? LASALLE_G_BRIDGE : LASALLE_G_TOWN) && g->spot <= 1 &&
             !g->sections && !g->bank && !(st->spans >> e & 1);
    if (ok && g->unit == -1) return 0;
    return gr_error_set(err, "e%d (%s) works at task %d at piece %d (site %d, bank %d, %d sections)", e,
                        s->engineers[e].name, g->task, k, g->spot, g->bank, g->sections);
}

/* the works made in play [H, p.75, p.78]: pieces of a known kind on the table, at least a piece long, the
 * slots past the last one empty */
static int check_works(const lasalle_scenario *s, const lasalle_state *st, gr_error *err)
{
    if (st->nworks > LASALLE_MAX_WORKS || !all_zero(st->pad_works, sizeof st->pad_works) ||
        !all_zero(st->pad_end, sizeof st->pad_end))
        return gr_error_set(err, "%d works, or padding set", st->nworks);
    for (int w = 0; w < st->nworks; w++) {
        const lasalle_work *k = &st->works[w];
        double len = hypot(k->bx - k->ax, k->by - k->ay);
        if ((k->kind != LASALLE_WORK_TRENCH && k->kind != LASALLE_WORK_FIELD) || !all_zero(k->pad, sizeof k->pad) ||
            !(len > 0.1) || k->ax < -0.5 || k->ay < -0.5 || k->ax > s->table_w + 0.5 || k->ay > s->table_h + 0.5)
            return gr_error_set(err, "works %d (kind %d) from (%g, %g) to (%g, %g)", w, k->kind, k->ax, k->ay, k->bx,
                                k->by);
    }
    if (!all_zero(&st->works[st->nworks], sizeof st->works[0] * (size_t)(LASALLE_MAX_WORKS - st->nworks)))
        return gr_error_set(err, "bytes beyond the works made are not zero");
    return 0;
}

/* engineers [H Engineering, p.77-79]: in reserve with no task, or working with a task built (Assault: with a
 * regular infantry unit of its side, one engineer a unit), or lost with a unit no longer on the table */
static int check_engineer(const lasalle_scenario *s, const lasalle_state *st, int e, gr_error *err)
{
    const lasalle_engineer *g = &st->eng[e];
    const char *name = s->engineers[e].name;
    if (!all_zero(g->pad, sizeof g->pad) || g->status > LASALLE_EN_DONE || g->task >= LASALLE_TASK_COUNT)
        return gr_error_set(err, "e%d (%s) has status %d, task %d or padding", e, name, g->status, g->task);
    if (g->status == LASALLE_EN_RESERVE)
        return g->task == LASALLE_TASK_NONE && g->unit == -1 && g->piece == -1 && !g->spot && !g->sections && !g->bank
                   ? 0
                   : gr_error_set(err, "e%d (%s) is in reserve with task %d, unit %d", e, name, g->task, g->unit);
    if (lasalle_task_on_table(g->task)) return check_table_task(s, st, e, err);
    if (g->task != LASALLE_TASK_ASSAULT || g->unit < 0 || g->unit >= s->nunits || g->piece != -1 || g->spot ||
        g->sections || g->bank || g->status == LASALLE_EN_DONE)
        return gr_error_set(err, "e%d (%s) works at task %d with unit %d", e, name, g->task, g->unit);
    const lasalle_unit_profile *p = &s->units[g->unit];
    if (p->side != s->engineers[e].side || p->type != LASALLE_INF || p->discipline == LASALLE_IRREGULAR)
        return gr_error_set(err, "e%d (%s) is attached to u%d (%s), not regular infantry of its side", e, name,
                            g->unit, p->name);
    if (g->status == LASALLE_EN_LOST && st->u[g->unit].status == LASALLE_ON)
        return gr_error_set(err, "e%d (%s) is lost but its unit u%d is on the table", e, name, g->unit);
    for (int k = 0; k < e; k++)
        if (st->eng[k].status == LASALLE_EN_WORKING && g->status == LASALLE_EN_WORKING && st->eng[k].unit == g->unit)
            return gr_error_set(err, "u%d (%s) has two engineers, e%d and e%d", g->unit, p->name, k, e);
    return 0;
}

static int check_turn(const lasalle_scenario *s, const lasalle_state *st, gr_error *err)
{
    const gr_turn *t = &st->turn;
    if (st->active > 1) return gr_error_set(err, "the moving side is %d", st->active);
    if (st->turn_no < 1 || st->turn_no > s->turns + LASALLE_MAX_BONUS || st->bonus > LASALLE_MAX_BONUS)
        return gr_error_set(err, "turn %d with %d bonus turns, of %d", st->turn_no, st->bonus, s->turns);
    if (t->over != (st->end != LASALLE_PLAYING))
        return gr_error_set(err, "the game is over in the step table but not in the result, or the other way round");
    if (st->winner < -1 || st->winner > 1 || st->margin > 2)
        return gr_error_set(err, "winner %d, margin %d", st->winner, st->margin);
    if (t->over) return 0;
    const gr_step_def *d = gr_steps_def(&lasalle_steps, st);
    if (!d || d->run) return gr_error_set(err, "no decision is due: the step is %d", t->step);
    if (t->cursor < 0 || t->cursor >= d->cursor_end(s) || !d->due(s, st, t->cursor))
        return gr_error_set(err, "nothing is due at position %d of the %s step", t->cursor, d->name);
    if (t->decider != d->decider(s, st))
        return gr_error_set(err, "side %d decides where side %d should", t->decider, d->decider(s, st));
    return 0;
}

int lasalle_check_invariants(const void *scn, const void *state, gr_error *err)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    for (int i = 0; i < s->nunits; i++)
        if (check_unit(s, st, i, err)) return -1;
    for (int k = 0; k < s->nofficers; k++)
        if (!isfinite(st->o[k].x) || !isfinite(st->o[k].y) || st->o[k].x < 0 || st->o[k].y < 0 ||
            st->o[k].x > s->table_w || st->o[k].y > s->table_h)
            return gr_error_set(err, "c%d (%s) is off the table", k, s->officers[k].name);
    for (int k = 0; k < s->nofficers; k++)
        if (st->o[k].vigor < -1 || st->o[k].vigor > 1 || st->o[k].tactics < -1 || st->o[k].tactics > 1 ||
            !all_zero(st->o[k].pad, sizeof st->o[k].pad))
            return gr_error_set(err, "c%d (%s) has vigor %d, tactics %d or padding", k, s->officers[k].name,
                                st->o[k].vigor, st->o[k].tactics);
    for (int side = 0; side < 2; side++)
        if (st->tactic_unit[side] < -1 || st->tactic_unit[side] >= s->nunits || st->tactic_officer[side] < -1 ||
            st->tactic_officer[side] >= s->nofficers)
            return gr_error_set(err, "the tactics of side %d: unit %d, officer %d", side, st->tactic_unit[side],
                                st->tactic_officer[side]);
    for (int k = 0; k < LASALLE_MAX_OBJECTIVES; k++)
        if (st->owner[k] < -1 || st->owner[k] > 1 || (k >= s->nobjectives && st->owner[k] != -1))
            return gr_error_set(err, "objective %d is owned by %d", k, st->owner[k]);
    if (!all_zero(&st->u[s->nunits], sizeof st->u[0] * (size_t)(LASALLE_MAX_UNITS - s->nunits)) ||
        !all_zero(&st->o[s->nofficers], sizeof st->o[0] * (size_t)(LASALLE_MAX_OFFICERS - s->nofficers)) ||
        st->turn.pad)
        return gr_error_set(err, "bytes beyond the scenario's units and officers, or padding, are not zero");
    if (st->pending < -1 || st->pending >= s->nunits) return gr_error_set(err, "pending unit %d", st->pending);
    /* a combat's fall-backs and what follows them live only from its fight to its end */
    int in_fb = st->turn.step == LASALLE_ST_FALLBACK || st->turn.step == LASALLE_ST_FALLBACK_END;
    if (st->fb_def < -1 || st->fb_def >= s->nunits || (s->nunits < 64 && (st->fb_att >> s->nunits)) ||
        (!in_fb && (st->fb_def != -1 || st->fb_att || st->fb_then)) || !all_zero(st->pad_choice, sizeof st->pad_choice))
        return gr_error_set(err, "a combat's fall-back marks (defender %d, then %d) outside its fall-back steps",
                            st->fb_def, st->fb_then);
    for (int e = 0; e < s->nengineers; e++)
        if (check_engineer(s, st, e, err)) return -1;
    if (!all_zero(&st->eng[s->nengineers], sizeof st->eng[0] * (size_t)(LASALLE_MAX_ENGINEERS - s->nengineers)))
        return gr_error_set(err, "bytes beyond the scenario's engineers are not zero");
    for (int k = 0; k < GR_TERRAIN_MAX; k++) { /* the engineers' changes to the table [H, p.78-79] */
        int kind = k < s->terrain.n ? s->ground_of[k].kind : -1;
        if (((st->blown >> k & 1) && kind != LASALLE_G_BRIDGE) || ((st->hardened >> k & 1) && kind != LASALLE_G_TOWN))
            return gr_error_set(err, "terrain piece %d is demolished or hardened but no bridge or town base", k);
    }
    if (st->spans >> s->nengineers)
        return gr_error_set(err, "a pontoon bridge of an engineer the scenario does not have");
    if (check_works(s, st, err)) return -1;
    return check_turn(s, st, err);
}
