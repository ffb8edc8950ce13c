/* assault.c - the Assault Phase (§6, §4 step 2): the active side declares
 * its assaults unit by unit; impetuous units that hold back must test; the
 * declarations that need it take their Complex Move Tests; Wavering targets
 * test; each target chooses its reaction (stand, form or leave Square, evade,
 * counter-charge, abandon or stand by its guns); inactive units may intercept;
 * defensive fire meets the assaulters at 2 MU; those hit may press on with a
 * test; and the survivors go in, striking flanks where they reach them. */
#include "steps.h"
#include "building.h"
#include "contact.h"
#include "fire.h"
#include "obstacle.h"
#include "outcome.h"
#include "view.h"
#include "tables.h"
#include "casualty.h"
#include "cmt.h"
#include "cohesion.h"
#include "memo.h"
#include "footprint.h"
#include "move.h"
#include "names.h"
#include "orders.h"
#include "../../core/words.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* assault progress of a unit this move (fogn_unit.astate) */
enum {
    AS_NONE = 0,
    AS_HELD,        /* chose not to assault */
    AS_DECLARED,    /* declared, its tests not yet taken */
    AS_FORCED,      /* an impetuous unit that failed to hold back (§6.4) */
    AS_CANCELLED,   /* failed its declaration test or could not pay: free to move */
    AS_GOING,       /* on its way */
    AS_PRESS,       /* 1-2 hits of defensive fire: may press on with a test (§6.10) */
    AS_HALTED,      /* stopped by fire short of its target */
    AS_RETIRED,     /* sent back by fire */
    AS_CONTACT,     /* in contact */
    AS_MISSED       /* its target got away and nobody else was in reach */
};

static fogn_arm arm_of(const fogn_scenario *s, int i) { return fogn_troop_arm((fogn_troop)s->units[i].troop); }

/* --- who may assault whom (§6.1) ------------------------------------------------------------------ */

/* may unit i declare an assault at all this move? */
static int may_assault(const fogn_scenario *s, const fogn_state *st, int i)
{
    const fogn_unit *u = &st->u[i];
    fogn_arm arm = arm_of(s, i);
    if (s->units[i].side != st->active || !fogn_unit_alive(u) || arm == FOGN_ARM_ART) return 0;
    if (u->cohesion >= FOGN_WAVERING) return 0;                           /* §6.1 item 1 */
    if (u->kink != 0) return 0; /* item 4; nor a column bent at a turn (reach.c) */
    /* item 5: a March Column only across a bridge or ford or along a road into buildings (can_assault) */
    if (u->formation == FOGN_F_SQUARE) return 0; /* a Square moves 1 MU */
    if (u->flags & FOGN_UF_NO_MOVE) return 0;                             /* item 7 (arrivals) */
    if (fogn_in_enemy_contact(s, st, i)) return 0;
    return 1;
}

/* the friends a path passes through must be of the kinds §6.1 allows */
static int path_friends_ok(const fogn_scenario *s, const fogn_state *st, int i, uint64_t through)
{
    for (int j = 0; j < s->nunits; j++) {
        if (!(through & (1ull << j))) continue;
        const fogn_unit *f = &st->u[j];
        fogn_arm fa = arm_of(s, j);
        if (fa == FOGN_ARM_ART) continue;
        if (f->cohesion == FOGN_BROKEN) return 0;
        if (fa == FOGN_ARM_CAV) return 0;
        int skirm = f->formation == FOGN_F_SKIRMISH || f->formation == FOGN_F_SKIRMISH_LINE;
        if (!skirm && s->units[j].division != s->units[i].division) return 0;
    }
    return 1;
}

/* Can unit i assault enemy j now: in reach, seen, and not one of the
 * forbidden pairings of §6.1? `limits`: apply the pass-through limits
 * (impetuous units that failed to hold back ignore them, §6.4). */
static int can_assault(const fogn_scenario *s, const fogn_state *st, int i, int j, int limits, fogn_reach *r,
                       fogn_memo *memo)
{
    const fogn_unit *t = &st->u[j];
    if (s->units[j].side == s->units[i].side || !fogn_unit_alive(t) || (t->flags & FOGN_UF_ABANDONED)) return 0;
    fogn_arm ai = arm_of(s, i), aj = arm_of(s, j);
    /* infantry never assault Steady or Disordered cavalry */
    if (ai == FOGN_ARM_INF && aj == FOGN_ARM_CAV && t->cohesion <= FOGN_DISORDERED) return 0;
    /* item 3 before item 2: the reach test gives up at once on the many
     * enemies beyond the unit's move, the sight test never does */
    if (fogn_memo_reach(s, st, i, j, r, memo) != 1) return 0;              /* item 3 */
    if (!fogn_can_see(s, st, i, j)) return 0;                              /* item 2 */
    /* §6.1, §15.4, §15.5: no cavalry against troops in buildings, nor against
     * a field work except through its rear; infantry fight a building's garrison
     * across its perimeter, never from inside it */
    int k = fogn_bld_of(s, st, j);
    if (k >= 0) {
        if (s->terrain.p[k].type == GR_T_BUILDING) {
            if (ai != FOGN_ARM_INF || fogn_bld_rect_inside(s, k, &r->end)) return 0;
        } else if (ai == FOGN_ARM_CAV && !fogn_bld_from_rear(s, st, i, j)) {
            return 0;
        }
    }
    /* infantry Skirmishers never assault the front of non-Skirmishers */
    if (ai == FOGN_ARM_INF && fogn_is_skirmisher(&s->units[i], &st->u[i]) && !r->flank_rear &&
        !fogn_is_skirmisher(&s->units[j], t))
        return 0;
    if (limits && !path_friends_ok(s, st, i, r->through_mask)) return 0;
    /* §6.1, §15.6, §15.7: water, cavalry over defended water, March Column */
    if (fogn_obs_assault_ok(s, st, i, j, r, NULL)) return 0;
    return 1;
}

/* the enemies unit i could assault now; returns the count */
static int assault_targets(const fogn_scenario *s, const fogn_state *st, int i, int limits, int *out, int max,
                           fogn_memo *memo)
{
    int n = 0;
    for (int j = 0; j < s->nunits && n < max; j++) {
        fogn_reach r;
        if (s->units[j].side != s->units[i].side && can_assault(s, st, i, j, limits, &r, memo)) out[n++] = j;
    }
    return n;
}

static int impetuous_now(const fogn_scenario *s, const fogn_state *st, int i)
{
    return (s->units[i].caps & FOGN_CAP_IMPETUOUS) && !(st->u[i].flags & FOGN_UF_SPENT) &&
           st->u[i].cohesion <= FOGN_DISORDERED;
}

/* --- §6.2 what a declaration costs ------------------------------------------------------------------ */

/* Does unit i's assault on j need a CMT (§6.2, rulings §23.2 #19-#22)? */
static int declaration_needs_cmt(const fogn_scenario *s, const fogn_state *st, int i, int j, const fogn_reach *r)
{
    const fogn_unit_profile *p = &s->units[i];
    const fogn_unit *u = &st->u[i];
    const fogn_unit *t = &st->u[j];
    fogn_arm ai = arm_of(s, i);
    int weak_target = t->cohesion >= FOGN_WAVERING;
    if (r->through >= 0) return 1;                              /* passing through friends */
    if (ai == FOGN_ARM_CAV) {
        /* cavalry assaulting a target infantry also assault */
        for (int k = 0; k < s->nunits; k++)
            if (k != i && s->units[k].side == p->side && arm_of(s, k) == FOGN_ARM_INF && st->u[k].target == j &&
                (st->u[k].astate == AS_DECLARED || st->u[k].astate == AS_FORCED || st->u[k].astate == AS_GOING))
                return 1;
        /* mounted Skirmishers against the front of formed troops */
        if (fogn_is_skirmisher(p, u) && !r->flank_rear && !weak_target && !fogn_is_skirmisher(&s->units[j], t)) return 1;
    }
    int spent = (u->flags & FOGN_UF_SPENT) != 0;
    if (u->cohesion == FOGN_DISORDERED || spent) {
        int exempt = (p->caps & FOGN_CAP_GUARD) || (ai == FOGN_ARM_CAV && (p->caps & FOGN_CAP_SHOCK)) ||
                     ((p->caps & FOGN_CAP_IMPETUOUS) && !spent);
        if (!exempt && !weak_target && !r->flank_rear) return 1;
    }
    return 0;
}

/* the commander paying for a declaration, the points, and whether the
 * test passes on 4+; -1 when it cannot be paid */
static int declaration_cost(const fogn_scenario *s, const fogn_state *st, int i, int other_reason, int *cmdr, int *cp,
                            int *led, int *is_cmt)
{
    int leader = fogn_leader_of(s, st, i);
    int in_range = fogn_in_command(s, st, i);
    *cmdr = -1;
    *cp = 0;
    *led = leader >= 0;
    /* ruling §23.2 #22: outside division range it is a CMT costing 1 CP, 2
     * if another reason made it complex anyway; led by a Corps or Brigade
     * commander, range does not matter */
    int out_of_range = !in_range && !(leader >= 0 && s->cmdrs[leader].role == FOGN_CMDR_CORPS);
    *is_cmt = other_reason || out_of_range;
    if (leader >= 0 && s->cmdrs[leader].role == FOGN_CMDR_CORPS) {
        /* §5.2: the Corps Commander leading a unit into an assault pays a point of his own */
        *cmdr = leader;
        *cp = 1;
        return st->c[leader].cp >= 1 ? 0 : -1;
    }
    if (!*is_cmt) return 0;
    if (leader >= 0 && !(st->u[i].flags & FOGN_UF_TOOK_CMT)) return 0; /* the leader's free test */
    int d = s->units[i].division;
    int c = leader >= 0 ? leader : (d >= 0 ? s->divs[d].commander : -1);
    if (c < 0 || (st->c[c].flags & FOGN_CF_CASUALTY)) return -1;
    *cmdr = c;
    *cp = leader >= 0 ? 1 : (out_of_range && other_reason ? 2 : 1);
    return st->c[c].cp >= *cp ? 0 : -1;
}

/* --- 2.1 declarations ------------------------------------------------------------------------------ */

int fogn_as_begin(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    (void)s;
    (void)dice;
    gr_log_add(log, GR_EV_PHASE, st->active, "assault phase");
    for (int i = 0; i < s->nunits; i++) st->u[i].flags &= ~(uint32_t)(FOGN_UF_FIRE_LOSS | FOGN_UF_TOOK_CMT);
    return FOGN_ST_AS_DECLARE;
}

int fogn_as_declare_due_memo(const fogn_scenario *s, const fogn_state *st, int i, fogn_memo *memo)
{
    if (i >= s->nunits || st->u[i].astate != AS_NONE || !may_assault(s, st, i)) return 0;
    int t[1];
    return assault_targets(s, st, i, 1, t, 1, memo) > 0; /* one target is enough */
}

int fogn_as_declare_due(const fogn_scenario *s, const fogn_state *st, int i)
{
    return fogn_as_declare_due_memo(s, st, i, NULL);
}

/* may the declaration on j, whose reach r is, be paid for? */
static int payable(const fogn_scenario *s, const fogn_state *st, int i, int j, const fogn_reach *r)
{
    int cmdr, cp, led, is_cmt;
    return declaration_cost(s, st, i, declaration_needs_cmt(s, st, i, j, r), &cmdr, &cp, &led, &is_cmt) == 0;
}

int fogn_as_declare_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max)
{
    int i = st->turn.cursor, n = 0;
    if (n < max) out[n++] = fogn_act(FOGN_A_HOLD, i, -1, 0);
    if (n < max) out[n++] = fogn_act(FOGN_A_DONE, -1, -1, 0);
    /* the targets of assault_targets, each reach worked out once */
    for (int j = 0; j < s->nunits && n < max; j++) {
        fogn_reach r;
        if (s->units[j].side != s->units[i].side && can_assault(s, st, i, j, 1, &r, NULL) && payable(s, st, i, j, &r))
            out[n++] = fogn_act(FOGN_A_ASSAULT, i, j, 0);
    }
    return n;
}

int fogn_as_declare_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                          fogn_memo *memo, gr_error *err)
{
    (void)dice;
    int i = st->turn.cursor;
    fogn_unit *u = &st->u[i];
    if (a->type == FOGN_A_HOLD) {
        u->astate = AS_HELD;
        st->turn.cursor++;
        return 0;
    }
    if (a->type != FOGN_A_ASSAULT) return gr_error_set(err, "in the Assault Phase a unit assaults an enemy or holds");
    int j = a->target;
    if (j < 0 || j >= s->nunits) return gr_error_set(err, "assault which enemy?");
    fogn_reach r;
    gr_error why;
    gr_error_clear(&why);
    if (s->units[j].side == s->units[i].side) return gr_error_set(err, "%s is a friend", s->units[j].name);
    if (!can_assault(s, st, i, j, 1, &r, memo)) {
        /* say why: reach, sight or the rules */
        if (fogn_assault_reach(s, st, i, j, &r, &why) != 1)
            return gr_error_set(err, "%s cannot reach %s with an assault: %s (§6.1, §6.5)", s->units[i].name,
                                s->units[j].name, why.msg);
        if (fogn_obs_assault_ok(s, st, i, j, &r, &why))
            return gr_error_set(err, "%s may not assault %s: %s", s->units[i].name, s->units[j].name, why.msg);
        return gr_error_set(err, "%s may not assault %s (§6.1: sight, the pairing, or friends in the way)",
                            s->units[i].name, s->units[j].name);
    }
    if (!payable(s, st, i, j, &r))
        return gr_error_set(err, "%s cannot pay for this assault: no command points for its complex move test (§6.2)",
                            s->units[i].name);
    u->target = (int8_t)j;
    u->astate = AS_DECLARED;
    u->flags |= FOGN_UF_ASSAULTING;
    gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s declares an assault on %s%s", s->units[i].name, s->units[j].name,
               r.flank_rear ? " (flank or rear)" : "");
    st->turn.cursor++;
    return 0;
}

/* --- 2.2 impetuous units and the declaration tests ------------------------------------------------- */

/* §6.4 forced target: the nearest in reach straight ahead, else the one
 * reached with the least wheel, else the nearest; ties the lower index */
static int forced_target(const fogn_scenario *s, const fogn_state *st, int i, fogn_memo *memo)
{
    int best = -1, best_rank = 3;
    double best_key = INFINITY;
    for (int j = 0; j < s->nunits; j++) {
        fogn_reach r;
        if (s->units[j].side == s->units[i].side || !can_assault(s, st, i, j, 0, &r, memo)) continue;
        int rank = r.pivot < 0 ? 0 : 1;
        double key = rank == 0 ? fogn_units_apart(s, st, i, j) : fabs(r.angle);
        if (rank < best_rank || (rank == best_rank && key < best_key - 1e-9)) {
            best = j;
            best_rank = rank;
            best_key = key;
        }
    }
    return best;
}

static int pay_and_test(const fogn_scenario *s, fogn_state *st, int i, int cmdr, int cp, int led, int is_cmt,
                        gr_dice *dice, gr_log *log, const char *what)
{
    if (cmdr >= 0 && cp > 0) st->c[cmdr].cp = (uint8_t)(st->c[cmdr].cp - cp);
    if (!is_cmt) return 1;
    st->u[i].flags |= FOGN_UF_TOOK_CMT;
    return fogn_cmt_roll(s, st, i, led, dice, log, what);
}

int fogn_as_tests(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, fogn_memo *memo)
{
    int side = st->active;
    /* §6.4: impetuous units with an enemy in reach that did not declare must
     * test to hold back; no command point, or a failed test, and they go */
    for (int i = 0; i < s->nunits; i++) {
        fogn_unit *u = &st->u[i];
        if (s->units[i].side != side || !impetuous_now(s, st, i) || !may_assault(s, st, i)) continue;
        if (u->astate == AS_DECLARED) continue;
        int j = forced_target(s, st, i, memo);
        if (j < 0) continue;
        int cmdr, cp, led, is_cmt;
        int go = declaration_cost(s, st, i, 1, &cmdr, &cp, &led, &is_cmt) != 0;
        if (!go) {
            int held = pay_and_test(s, st, i, cmdr, cp, led, 1, dice, log, "hold back from assaulting");
            if (held < 0) return -1;
            go = !held;
        }
        if (!go) continue;
        u->target = (int8_t)j;
        u->astate = AS_FORCED;
        u->flags |= FOGN_UF_ASSAULTING;
        gr_log_add(log, GR_EV_MOVE, side, "%s charges %s, impetuous", s->units[i].name, s->units[j].name);
    }
    /* declaration tests in unit order (§6.12) */
    for (int i = 0; i < s->nunits; i++) {
        fogn_unit *u = &st->u[i];
        if (s->units[i].side != side) continue;
        if (u->astate == AS_FORCED) {
            u->astate = AS_GOING; /* an impetuous charge cannot be refused (§6.2) */
            continue;
        }
        if (u->astate != AS_DECLARED) continue;
        int j = u->target;
        fogn_reach r;
        if (!can_assault(s, st, i, j, 1, &r, memo)) {
            u->astate = AS_CANCELLED;
            u->target = -1;
            u->flags &= ~(uint32_t)FOGN_UF_ASSAULTING;
            continue;
        }
        int cmdr, cp, led, is_cmt;
        if (declaration_cost(s, st, i, declaration_needs_cmt(s, st, i, j, &r), &cmdr, &cp, &led, &is_cmt)) {
            u->astate = AS_CANCELLED;
            u->target = -1;
            u->flags &= ~(uint32_t)FOGN_UF_ASSAULTING;
            gr_log_add(log, GR_EV_NOTE, side, "%s cannot pay for its assault", s->units[i].name);
            continue;
        }
        int pass = pay_and_test(s, st, i, cmdr, cp, led, is_cmt, dice, log, "declare its assault");
        if (pass < 0) return -1;
        if (pass) {
            u->astate = AS_GOING;
        } else {
            /* §6.12: the assault is simply not made; the unit may still move later */
            u->astate = AS_CANCELLED;
            u->target = -1;
            u->flags &= ~(uint32_t)FOGN_UF_ASSAULTING;
        }
    }
    /* §6.6: a Wavering target tests at once: failing, or struck in flank or rear, it breaks */
    for (int j = 0; j < s->nunits; j++) {
        fogn_unit *t = &st->u[j];
        if (s->units[j].side == side || !fogn_unit_alive(t) || t->cohesion != FOGN_WAVERING) continue;
        int flank = 0, targeted = 0;
        for (int i = 0; i < s->nunits; i++) {
            if (st->u[i].astate != AS_GOING || st->u[i].target != j) continue;
            targeted = 1;
            fogn_reach r;
            if (fogn_memo_reach(s, st, i, j, &r, memo) == 1 && r.flank_rear) flank = 1;
        }
        if (!targeted) continue;
        int pass = 0;
        if (flank) {
            gr_log_add(log, GR_EV_TEST, s->units[j].side, "%s, Wavering and struck in flank or rear, fails at once",
                       s->units[j].name);
        } else {
            pass = fogn_cohesion_test(s, st, j, fogn_ct_score(FOGN_CTT_WAVERING_TARGET, 0), dice, log,
                                      "face an assault while Wavering");
            if (pass < 0) return -1;
        }
        if (!pass) fogn_lose(s, st, j, 1, log, "Wavering and assaulted");
    }
    if (fogn_ct_run(s, st, side ^ 1, dice, log) < 0) return -1;
    return FOGN_ST_AS_REACT;
}

/* --- 2.3 reactions ----------------------------------------------------------------------------------- */

typedef struct assault_on {
    int n;                      /* assaulters going for the target */
    int who[FOGN_MAX_UNITS];
    int cavalry, infantry;      /* some are cavalry / infantry */
    int flank;                  /* some strike its flank or rear */
    int cav_within_2;           /* cavalry that begins within 2 MU (§6.6) */
    int all_beyond_4;           /* every assaulter begins more than 4 MU away (§6.6 guns) */
    int skirm_only;             /* every assaulter is infantry Skirmishers */
    int light_skirm_cav_only;   /* every assaulter is light cavalry Skirmishers, frontally */
} assault_on;

static void assaults_on(const fogn_scenario *s, const fogn_state *st, int j, assault_on *a, fogn_memo *memo)
{
    memset(a, 0, sizeof *a);
    a->all_beyond_4 = 1;
    a->skirm_only = 1;
    a->light_skirm_cav_only = 1;
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit *u = &st->u[i];
        if (u->astate != AS_GOING || u->target != j) continue;
        a->who[a->n++] = i;
        fogn_arm arm = arm_of(s, i);
        int skirm = fogn_is_skirmisher(&s->units[i], u);
        double d = fogn_units_apart(s, st, i, j);
        fogn_reach r;
        int flank = fogn_memo_reach(s, st, i, j, &r, memo) == 1 && r.flank_rear;
        a->flank |= flank;
        if (arm == FOGN_ARM_CAV) {
            a->cavalry = 1;
            if (d <= FOGN_CLOSE + GR_EPS) a->cav_within_2 = 1;
        } else {
            a->infantry = 1;
        }
        if (d <= FOGN_GUNS_LEAVE_RANGE + GR_EPS) a->all_beyond_4 = 0;
        if (!(arm == FOGN_ARM_INF && skirm)) a->skirm_only = 0;
        if (!(arm == FOGN_ARM_CAV && skirm && !flank)) a->light_skirm_cav_only = 0;
    }
}

/* is there friendly infantry within 2 MU for the gunners to shelter behind (§6.6)? */
static int shelter_near(const fogn_scenario *s, const fogn_state *st, int j)
{
    for (int k = 0; k < s->nunits; k++)
        if (k != j && s->units[k].side == s->units[j].side && fogn_unit_alive(&st->u[k]) &&
            arm_of(s, k) == FOGN_ARM_INF && st->u[k].cohesion != FOGN_BROKEN &&
            fogn_units_apart(s, st, j, k) <= FOGN_CLOSE + GR_EPS)
            return 1;
    return 0;
}

/* the reactions open to target j; returns the count (the first is the default) */
static int react_options(const fogn_scenario *s, const fogn_state *st, int j, int *out, fogn_memo *memo)
{
    const fogn_unit_profile *p = &s->units[j];
    const fogn_unit *u = &st->u[j];
    assault_on a;
    assaults_on(s, st, j, &a, memo);
    int n = 0;
    if (!a.n || u->cohesion == FOGN_BROKEN) return 0;
    fogn_arm arm = fogn_troop_arm((fogn_troop)p->troop);
    if (a.flank) {
        /* ruling §23.3 #39: no counter-charge, no fire at the flank assaulter: it stands */
        out[n++] = FOGN_RE_STAND;
        return n;
    }
    int skirm = fogn_is_skirmisher(p, u);
    if (arm == FOGN_ARM_INF) {
        if (skirm) {
            if (a.skirm_only) out[n++] = FOGN_RE_STAND;
            out[n++] = FOGN_RE_EVADE; /* anyone else: they must evade */
        } else if (u->formation == FOGN_F_SQUARE) {
            out[n++] = FOGN_RE_STAND;
            if (!a.cavalry) out[n++] = FOGN_RE_TACTICAL;
        } else if (a.cavalry && !fogn_defends_obstacle(s, st, j)) {
            out[n++] = FOGN_RE_STAND;
            out[n++] = FOGN_RE_SQUARE;
        } else {
            out[n++] = FOGN_RE_STAND;
        }
    } else if (arm == FOGN_ARM_ART) {
        if (u->formation == FOGN_F_LIMBERED) {
            out[n++] = FOGN_RE_EVADE;
        } else {
            if (shelter_near(s, st, j)) out[n++] = FOGN_RE_ABANDON;
            out[n++] = FOGN_RE_STAND_FIRE;
            if (a.all_beyond_4) out[n++] = FOGN_RE_FIRE_LEAVE;
        }
    } else {
        if (skirm) {
            out[n++] = FOGN_RE_EVADE;
            if (a.cavalry && !a.infantry && u->cohesion <= FOGN_DISORDERED) out[n++] = FOGN_RE_COUNTER;
        } else if (a.cavalry && !a.infantry && u->cohesion <= FOGN_DISORDERED) {
            out[n++] = FOGN_RE_COUNTER; /* formed cavalry charged frontally by cavalry must counter-charge */
        } else {
            out[n++] = FOGN_RE_STAND;
        }
    }
    return n;
}

int fogn_as_react_due_memo(const fogn_scenario *s, const fogn_state *st, int j, fogn_memo *memo)
{
    if (j >= s->nunits || s->units[j].side == st->active || st->u[j].reaction != FOGN_RE_NONE) return 0;
    int opts[FOGN_RE_COUNT];
    return react_options(s, st, j, opts, memo) > 0;
}

int fogn_as_react_due(const fogn_scenario *s, const fogn_state *st, int j)
{
    return fogn_as_react_due_memo(s, st, j, NULL);
}

int fogn_as_react_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max)
{
    int j = st->turn.cursor, n = 0;
    int opts[FOGN_RE_COUNT];
    int no = react_options(s, st, j, opts, NULL);
    if (n < max) out[n++] = fogn_act(FOGN_A_DONE, -1, -1, 0);
    for (int k = 0; k < no && n < max; k++) out[n++] = fogn_act(FOGN_A_REACT, j, -1, opts[k]);
    return n;
}

/* the formation a unit takes in reaction (a Square, or Tactical out of one),
 * where §8.5 places it (fogn_form_pose); -1 when it has no room there */
static int form_in_place(const fogn_scenario *s, fogn_state *st, int j, int formation)
{
    fogn_unit *u = &st->u[j];
    fogn_unit nu = *u;
    /* placed as the Movement Phase's change is (§8.5): a Square from Extended Line forms Tactical on the two
     * centre front bases first, from March Column on its head */
    gr_rect r = fogn_form_pose(&s->units[j], u, (fogn_formation)formation);
    nu.formation = (uint8_t)formation;
    nu.kink = 0;
    nu.bend = 0;
    nu.x = r.fc.x;
    nu.y = r.fc.y;
    gr_rect placed = fogn_unit_rect(&s->units[j], &nu);
    if (!fogn_rect_on_table(s, &placed)) return -1;
    for (int k = 0; k < s->nunits; k++) {
        if (k == j || !fogn_unit_alive(&st->u[k])) continue;
        gr_rect o[2];
        int no = fogn_unit_rects(&s->units[k], &st->u[k], o);
        for (int q = 0; q < no; q++)
            if (gr_rect_overlap(&placed, &o[q], 1e-6)) return -1;
    }
    *u = nu;
    return 0;
}

/* is Square j, moved by t along dir, on the table clear of everyone and in reach of assaulter x? */
static bool square_reached_at(const fogn_scenario *s, fogn_state *st, int j, int x, gr_vec2 dir, double t)
{
    fogn_unit keep = st->u[j];
    st->u[j].x += dir.x * t;
    st->u[j].y += dir.y * t;
    gr_rect placed = fogn_unit_rect(&s->units[j], &st->u[j]);
    fogn_reach r;
    bool ok = fogn_rect_on_table(s, &placed) && fogn_pose_clear(s, st, &placed, 1ull << j) &&
              fogn_assault_reach(s, st, x, j, &r, NULL) == 1;
    st->u[j] = keep;
    return ok;
}

/* §8.5: a Square formed in the Assault Phase may not leave the reach of an
 * assaulter whose assault on it was valid: it slides straight toward that
 * assaulter's front-edge centre by the least distance (to FOGN_SQUARE_SLIDE_TOL)
 * that brings it back within reach; with no such place it stays */
static void slide_square_into_reach(const fogn_scenario *s, fogn_state *st, int j, const assault_on *on, gr_log *log)
{
    for (int q = 0; q < on->n; q++) {
        int x = on->who[q];
        fogn_reach r;
        if (fogn_assault_reach(s, st, x, j, &r, NULL) == 1) continue;
        gr_rect sq = fogn_unit_rect(&s->units[j], &st->u[j]), ar = fogn_unit_rect(&s->units[x], &st->u[x]);
        gr_vec2 to = gr_v2_sub(ar.fc, gr_rect_centre(&sq));
        double far = gr_v2_len(to);
        if (!(far > 0)) continue;
        gr_vec2 dir = gr_v2_scale(to, 1.0 / far);
        double lo = 0, hi = -1;
        for (double t = FOGN_SQUARE_SLIDE_STEP; t < far && hi < 0; t += FOGN_SQUARE_SLIDE_STEP)
            if (square_reached_at(s, st, j, x, dir, t)) hi = t;
            else lo = t;
        if (hi < 0) continue;
        while (hi - lo > FOGN_SQUARE_SLIDE_TOL) {
            double mid = 0.5 * (lo + hi);
            if (square_reached_at(s, st, j, x, dir, mid)) hi = mid;
            else lo = mid;
        }
        st->u[j].x += dir.x * hi;
        st->u[j].y += dir.y * hi;
        gr_log_add(log, GR_EV_MOVE, s->units[j].side,
                   "%s%s Square slides %.2f MU toward %s, which could reach it no more (8.5)", s->units[j].name,
                   gr_words_poss(s->units[j].name), hi, s->units[x].name);
    }
}

/* §6.8 retargeting, judged the moment the target has gone: an assaulter
 * that can no longer reach it turns on the nearest other enemy it can reach
 * that was within 2 MU of the target's place before it moved, or of the
 * ground it went over (ruling: the footprint swept from its old place to its
 * new one, sampled FOGN_AS_RETARGET_SAMPLES times; abandoned guns do not
 * count). The new target reacts in its turn if the reactions have not passed
 * it; otherwise it simply stands. */
static void retarget_after_evade(const fogn_scenario *s, fogn_state *st, int j, const gr_rect *before,
                                 const assault_on *on, gr_log *log)
{
    gr_rect after = fogn_unit_rect(&s->units[j], &st->u[j]);
    gr_vec2 shift = gr_v2_sub(gr_rect_centre(&after), gr_rect_centre(before));
    for (int q = 0; q < on->n; q++) {
        int a = on->who[q];
        fogn_reach r;
        if (st->u[a].astate != AS_GOING || st->u[a].target != j) continue;
        if (fogn_unit_alive(&st->u[j]) && fogn_assault_reach(s, st, a, j, &r, NULL) == 1) continue;
        int best = -1;
        double bd = INFINITY;
        for (int k = 0; k < s->nunits; k++) {
            if (k == j || s->units[k].side == s->units[a].side || !fogn_unit_alive(&st->u[k])) continue;
            if (st->u[k].flags & FOGN_UF_ABANDONED) continue;
            gr_rect kr = fogn_unit_rect(&s->units[k], &st->u[k]);
            double near = INFINITY;
            for (int w = 0; w <= FOGN_AS_RETARGET_SAMPLES; w++) {
                gr_rect m = *before;
                double f = (double)w / FOGN_AS_RETARGET_SAMPLES;
                m.fc = gr_v2_add(m.fc, gr_v2_scale(shift, f));
                double dd = gr_rect_dist(&m, &kr);
                if (dd < near) near = dd;
            }
            if (near > FOGN_CLOSE + GR_EPS || !can_assault(s, st, a, k, 0, &r, NULL)) continue;
            double d = fogn_units_apart(s, st, a, k);
            if (d < bd) {
                bd = d;
                best = k;
            }
        }
        if (best < 0) continue;
        st->u[a].target = (int8_t)best;
        gr_log_add(log, GR_EV_NOTE, s->units[a].side, "%s turns on %s instead", s->units[a].name,
                   s->units[best].name);
    }
}

/* an evade (§6.8): D6 + bonus straight away from the assaulters */
static int evade(const fogn_scenario *s, fogn_state *st, int j, const assault_on *a, gr_dice *dice, gr_log *log)
{
    const fogn_unit_profile *p = &s->units[j];
    int bonus = fogn_evade_bonus(p, (fogn_formation)st->u[j].formation);
    if (bonus < 0) bonus = 2; /* ruling: anything else made to evade goes D6+2 */
    int d = fogn_roll_distance(p->side, p->name, bonus, 0, 0, dice, log, "evade");
    if (d < 0) return -1;
    fogn_retire_opts o;
    memset(&o, 0, sizeof o);
    o.dist = d;
    o.dir = fogn_retire_dir(s, st, j, a->who, a->n);
    if (o.dir.x == 0 && o.dir.y == 0) o.dir = gr_v2_scale(gr_v2_dir(st->u[j].heading), -1);
    o.end_formation = -1;
    fogn_retire_result r;
    gr_rect before = fogn_unit_rect(p, &st->u[j]);
    if (fogn_retire(s, st, j, &o, &r, NULL)) return 0;
    st->u[j].flags |= FOGN_UF_REACTED | FOGN_UF_EVADED;
    gr_log_add(log, GR_EV_MOVE, p->side, "%s evades %.1f MU", p->name, r.covered);
    retarget_after_evade(s, st, j, &before, a, log);
    /* §23.3 #44: friends it passes through test, unless Skirmishers or Artillery */
    for (int k = 0; k < r.nburst; k++) fogn_ct_owe(st, r.burst[k]);
    if (r.stopped_by >= 0) fogn_ct_owe(st, r.stopped_by);
    return 0;
}

/* abandoned guns (§12.4): the gunners' losses start from the level they had */
static void abandon(const fogn_scenario *s, fogn_state *st, int j, int losses, gr_log *log)
{
    fogn_unit *u = &st->u[j];
    u->flags |= FOGN_UF_ABANDONED | FOGN_UF_REACTED;
    u->gun_losses = (uint8_t)(u->cohesion + losses);
    gr_log_add(log, GR_EV_MOVE, s->units[j].side, "%s abandons its guns (%d losses)", s->units[j].name, u->gun_losses);
    if (u->gun_losses > FOGN_GUN_LOSSES_MAX) fogn_destroy(s, st, j, log, "its guns were lost");
}

int fogn_as_react_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                        fogn_memo *memo, gr_error *err)
{
    int j = st->turn.cursor;
    const fogn_unit_profile *p = &s->units[j];
    fogn_unit *u = &st->u[j];
    int opts[FOGN_RE_COUNT];
    int no = react_options(s, st, j, opts, memo), ok = 0;
    for (int k = 0; k < no; k++) ok |= a->type == FOGN_A_REACT && a->arg == opts[k];
    if (!ok) return gr_error_set(err, "%s cannot react that way now", p->name);
    if (fogn_react(s, st, j, a->arg, dice, log, memo) < 0)
        return gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
    (void)u;
    st->turn.cursor++;
    return 0;
}

int fogn_react(const fogn_scenario *s, fogn_state *st, int j, int reaction, gr_dice *dice, gr_log *log,
               fogn_memo *memo)
{
    const fogn_unit_profile *p = &s->units[j];
    fogn_unit *u = &st->u[j];
    assault_on a;
    assaults_on(s, st, j, &a, memo);
    u->reaction = (uint8_t)reaction;
    gr_log_add(log, GR_EV_MOVE, p->side, "%s reacts: %s", p->name, fogn_reaction_name(reaction));
    int pass;
    switch (reaction) {
    case FOGN_RE_STAND:
        if (fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_INF && a.cavalry && u->formation != FOGN_F_SQUARE &&
            !fogn_is_skirmisher(p, u) && !fogn_defends_obstacle(s, st, j) && !a.flank) {
            pass = fogn_cohesion_test(s, st, j, fogn_ct_score(FOGN_CTT_STAND_VS_CAVALRY, 0), dice, log,
                                      "stand against cavalry");
            if (pass < 0) return -1;
            if (!pass) fogn_lose(s, st, j, 1, log, "failed to stand against cavalry");
            if (a.cav_within_2) fogn_lose(s, st, j, 1, log, "cavalry charged from within 2 MU");
        } else if (u->formation == FOGN_F_SQUARE && !a.cavalry && !a.flank) {
            /* §6.6: a Square assaulted only by infantry tests whether it stays
             * in Square or changes to Tactical (book: both choices test) */
            pass = fogn_cohesion_test(s, st, j, fogn_ct_score(FOGN_CTT_SQUARE_VS_INFANTRY, 0), dice, log,
                                      "stay in square");
            if (pass < 0) return -1;
            if (!pass) fogn_lose(s, st, j, 1, log, "failed test in square");
        }
        break;
    case FOGN_RE_SQUARE: {
        int from_line = u->formation == FOGN_F_LINE;
        pass = fogn_cohesion_test(s, st, j,
                                  fogn_ct_score(from_line ? FOGN_CTT_SQUARE_FROM_LINE : FOGN_CTT_SQUARE_FROM_TACTICAL, 0),
                                  dice, log, "form square");
        if (pass < 0) return -1;
        if (!pass) fogn_lose(s, st, j, 1, log, "formed square in disorder");
        /* ruling §23.3 #35: forming square does not avoid the loss for cavalry within 2 MU */
        if (a.cav_within_2) fogn_lose(s, st, j, 1, log, "cavalry charged from within 2 MU");
        if (fogn_unit_alive(u) && u->cohesion != FOGN_BROKEN) {
            if (form_in_place(s, st, j, FOGN_F_SQUARE) == 0) {
                u->flags |= FOGN_UF_REACTED;
                slide_square_into_reach(s, st, j, &a, log);
            } else {
                gr_log_add(log, GR_EV_NOTE, p->side, "%s has no room to form square", p->name);
            }
        }
        break;
    }
    case FOGN_RE_TACTICAL:
    case FOGN_RE_STAND_FIRE:
        pass = fogn_cohesion_test(s, st, j,
                                  fogn_ct_score(reaction == FOGN_RE_TACTICAL ? FOGN_CTT_SQUARE_VS_INFANTRY : FOGN_CTT_ART_STAND, 0),
                                  dice, log, reaction == FOGN_RE_TACTICAL ? "leave square" : "stand by the guns");
        if (pass < 0) return -1;
        if (reaction == FOGN_RE_TACTICAL) {
            if (!pass) fogn_lose(s, st, j, 1, log, "failed test in square");
            if (fogn_unit_alive(u) && u->cohesion != FOGN_BROKEN && form_in_place(s, st, j, FOGN_F_TACTICAL) == 0)
                u->flags |= FOGN_UF_REACTED;
        } else if (!pass) {
            abandon(s, st, j, FOGN_ABANDON_FORCED_LOSS, log);
        }
        break;
    case FOGN_RE_FIRE_LEAVE:
        pass = fogn_cohesion_test(s, st, j, fogn_ct_score(FOGN_CTT_ART_STAND, 0), dice, log, "fire and then leave");
        if (pass < 0) return -1;
        if (!pass) {
            u->reaction = p->troop == FOGN_ART_HORSE ? FOGN_RE_EVADE : FOGN_RE_ABANDON; /* no fire now */
            if (p->troop == FOGN_ART_HORSE) {
                if (evade(s, st, j, &a, dice, log) < 0) return -1;
            } else {
                abandon(s, st, j, FOGN_ABANDON_FORCED_LOSS, log);
            }
        }
        break;
    case FOGN_RE_ABANDON:
        abandon(s, st, j, FOGN_ABANDON_VOLUNTARY_LOSS, log);
        break;
    case FOGN_RE_EVADE:
        if (evade(s, st, j, &a, dice, log) < 0) return -1;
        break;
    case FOGN_RE_COUNTER: {
        if (fogn_is_skirmisher(p, u) && !a.light_skirm_cav_only) {
            pass = fogn_cohesion_test(s, st, j, fogn_ct_score(FOGN_CTT_SKIRM_COUNTER, 0), dice, log,
                                      "counter-charge formed cavalry");
            if (pass < 0) return -1;
            if (!pass) {
                u->reaction = FOGN_RE_EVADE;
                return evade(s, st, j, &a, dice, log);
            }
        }
        fogn_countercharge cc;
        if (a.n > 0 && fogn_countercharge_plan(s, st, j, a.who[0], &cc, NULL) == 0) {
            fogn_place_unit(s, st, j, &cc.end);
            gr_log_add(log, GR_EV_MOVE, p->side, "%s counter-charges %.1f MU", p->name, cc.dist);
        }
        break;
    }
    default:
        break;
    }
    return fogn_ct_run(s, st, p->side, dice, log);
}

/* --- 2.4 intercepts ---------------------------------------------------------------------------------- */

/* can unit i intercept (§6.9): Steady or Disordered infantry or cavalry in
 * Tactical, not itself assaulted, not having reacted */
static int may_intercept(const fogn_scenario *s, const fogn_state *st, int i)
{
    const fogn_unit *u = &st->u[i];
    fogn_arm arm = arm_of(s, i);
    if (s->units[i].side == st->active || !fogn_unit_alive(u) || arm == FOGN_ARM_ART) return 0;
    if (u->cohesion > FOGN_DISORDERED || u->formation != FOGN_F_TACTICAL) return 0;
    if (u->reaction != FOGN_RE_NONE || (u->flags & (FOGN_UF_REACTED | FOGN_UF_EVADED))) return 0;
    for (int a = 0; a < s->nunits; a++)
        if (st->u[a].astate == AS_GOING && st->u[a].target == i) return 0;
    return !fogn_in_enemy_contact(s, st, i); /* the costliest question last */
}

/* the intercept of assaulter a by unit i, if one can be made */
static int intercept_of(const fogn_scenario *s, const fogn_state *st, int i, int a, fogn_intercept *ic,
                        fogn_memo *memo)
{
    if (st->u[a].astate != AS_GOING) return 0;
    /* infantry intercept only infantry; cavalry anything */
    if (arm_of(s, i) == FOGN_ARM_INF && arm_of(s, a) != FOGN_ARM_INF) return 0;
    fogn_reach ra;
    int j = st->u[a].target;
    if (j < 0 || fogn_intercept_too_far(s, st, i, a)) return 0; /* before a's reach: no plan whatever it is */
    if (fogn_memo_reach(s, st, a, j, &ra, memo) != 1) return 0;
    return fogn_intercept_plan(s, st, i, a, &ra, FOGN_ICPT_ANY, ic, NULL) == 1;
}

/* the cost of an intercept: Steady unspent simple; Disordered or Spent a CMT
 * and 1 CP, passed outright when led by a division or brigade commander, and
 * all the Corps Commander's points when he leads it (§6.9) */
static int intercept_payable(const fogn_scenario *s, const fogn_state *st, int i, int needs_cmt, int *cmdr, int *cp)
{
    *cmdr = -1;
    *cp = 0;
    if (!needs_cmt) return 1;
    int leader = fogn_leader_of(s, st, i);
    if (fogn_has_attach(&s->units[i], &st->u[i], FOGN_ATT_OFFICER)) return 1;
    if (leader >= 0 && s->cmdrs[leader].role == FOGN_CMDR_DIVISION) return 1;
    if (leader >= 0 && s->cmdrs[leader].role == FOGN_CMDR_CORPS) {
        *cmdr = leader;
        *cp = st->c[leader].cp;
        return st->c[leader].cp >= 1;
    }
    int d = s->units[i].division;
    int c = d >= 0 ? s->divs[d].commander : -1;
    if (c < 0 || (st->c[c].flags & FOGN_CF_CASUALTY) || st->c[c].cp < 1) return 0;
    *cmdr = c;
    *cp = 1;
    return 1;
}

int fogn_as_intercept_due_memo(const fogn_scenario *s, const fogn_state *st, int i, fogn_memo *memo)
{
    if (i >= s->nunits || !may_intercept(s, st, i)) return 0;
    for (int a = 0; a < s->nunits; a++) {
        fogn_intercept ic;
        int cmdr, cp;
        if (intercept_of(s, st, i, a, &ic, memo) && intercept_payable(s, st, i, ic.needs_cmt, &cmdr, &cp)) return 1;
    }
    return 0;
}

int fogn_as_intercept_due(const fogn_scenario *s, const fogn_state *st, int i)
{
    return fogn_as_intercept_due_memo(s, st, i, NULL);
}

int fogn_as_intercept_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max)
{
    int i = st->turn.cursor, n = 0;
    if (n < max) out[n++] = fogn_act(FOGN_A_HOLD, i, -1, 0);
    if (n < max) out[n++] = fogn_act(FOGN_A_DONE, -1, -1, 0);
    for (int a = 0; a < s->nunits && n < max; a++) {
        fogn_intercept ic;
        int cmdr, cp;
        if (intercept_of(s, st, i, a, &ic, NULL) && intercept_payable(s, st, i, ic.needs_cmt, &cmdr, &cp))
            out[n++] = fogn_act(FOGN_A_INTERCEPT, i, a, 0);
    }
    return n;
}

int fogn_as_intercept_apply(const fogn_scenario *s, fogn_state *st, const gr_action *act_, gr_dice *dice, gr_log *log,
                            fogn_memo *memo, gr_error *err)
{
    int i = st->turn.cursor;
    if (act_->type == FOGN_A_HOLD) {
        st->u[i].reaction = FOGN_RE_STAND; /* decided: no intercept */
        st->turn.cursor++;
        return 0;
    }
    int a = act_->target;
    fogn_intercept ic;
    int cmdr, cp;
    if (act_->type != FOGN_A_INTERCEPT || a < 0 || a >= s->nunits || !intercept_of(s, st, i, a, &ic, memo) ||
        !intercept_payable(s, st, i, ic.needs_cmt, &cmdr, &cp))
        return gr_error_set(err, "%s cannot intercept that unit (§6.9)", s->units[i].name);
    if (cmdr >= 0) st->c[cmdr].cp = (uint8_t)(st->c[cmdr].cp - cp);
    st->turn.cursor++;
    if (ic.needs_cmt && cp > 0 && s->cmdrs[cmdr].role != FOGN_CMDR_CORPS) {
        int pass = fogn_cmt_roll(s, st, i, 0, dice, log, "intercept");
        if (pass < 0) return gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
        if (!pass) return 0;
    }
    fogn_intercept_commit(s, st, i, a, &ic);
    st->u[i].reaction = FOGN_RE_COUNTER; /* it moved: no fire, no further reaction */
    st->u[i].flags |= FOGN_UF_REACTED;
    if (ic.flank_rear) {
        /* §6.9: a flank or rear intercept cancels the assault and counts as a
         * flank assault on the assaulter */
        st->u[a].astate = AS_CONTACT;
        st->u[a].flags |= FOGN_UF_NO_MOVE;
        st->u[a].flanked_by = (int8_t)i;
        fogn_lose(s, st, a, 1, log, "intercepted in flank or rear");
        gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s intercepts %s in flank or rear", s->units[i].name,
                   s->units[a].name);
    } else {
        st->u[a].target = (int8_t)i;
        st->u[a].astate = AS_CONTACT;
        st->u[a].flags |= FOGN_UF_NO_MOVE;
        gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s intercepts %s", s->units[i].name, s->units[a].name);
    }
    return fogn_ct_run(s, st, s->units[i].side, dice, log) < 0 ? gr_error_set(err, "the dice failed") : 0;
}

/* --- 2.5-2.6 defensive fire -------------------------------------------------------------------------- */

/* the units of the inactive side firing at assaulter a (§6.10, ruling §23.3
 * #34): those that stood and would have it within 2 MU straight ahead at
 * its contact pose, never at an assault on their own flank or rear */
static int defensive_firers(const fogn_scenario *s, const fogn_state *st, const fogn_reach *r, int *out)
{
    int n = 0;
    for (int f = 0; f < s->nunits; f++) {
        if (s->units[f].side == st->active || !fogn_can_fire(s, st, f)) continue;
        if (f == r->contact.b && r->flank_rear) continue;
        /* §15.4: a building's defenders fire at each assaulter, all round; §6.10 with
         * §6.1 item 3: the defenders of an obstacle fire at close range at the
         * assaulter that comes up to its front, however wide the water between */
        if (f == r->contact.b && (fogn_bld_all_round(s, st, f) || r->across)) {
            out[n++] = f;
            continue;
        }
        gr_rect fr = fogn_unit_rect(&s->units[f], &st->u[f]);
        if (gr_rect_dist(&fr, &r->end) > FOGN_CLOSE + GR_EPS) continue;
        if (!gr_rect_in_front_corridor(&fr, &r->end, FOGN_CLOSE + GR_EPS)) continue;
        out[n++] = f;
    }
    return n;
}

/* for each garrison assaulted by more than one unit, the assaulter its
 * artillery attachments fire at (fogn_bld_guns_target); -1 for the others */
static void garrison_guns(const fogn_scenario *s, const fogn_state *st, int *guns)
{
    for (int g = 0; g < s->nunits; g++) {
        guns[g] = -1;
        if (!FOGN_R_BLD_GUNS_AT_NEAREST || !fogn_unit_alive(&st->u[g]) || !fogn_bld_all_round(s, st, g)) continue;
        int t[FOGN_MAX_UNITS], n = 0;
        for (int a = 0; a < s->nunits; a++)
            if (st->u[a].astate == AS_GOING && st->u[a].target == g) t[n++] = a;
        if (n > 1) guns[g] = fogn_bld_guns_target(s, st, g, t, n);
    }
}

int fogn_as_fire(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, fogn_memo *memo)
{
    /* (a) guns that chose to fire and then leave: medium range first (§6.6, §6.10) */
    for (int g = 0; g < s->nunits; g++) {
        fogn_unit *gu = &st->u[g];
        if (s->units[g].side == st->active || !fogn_unit_alive(gu) || gu->reaction != FOGN_RE_FIRE_LEAVE) continue;
        fogn_volley v;
        fogn_volley_init(&v, st->active ^ 1, 1);
        for (int a = 0; a < s->nunits; a++)
            if (st->u[a].astate == AS_GOING && st->u[a].target == g) fogn_volley_add(s, st, &v, g, a, FOGN_RANGE_MEDIUM);
        fogn_fire_report rep[FOGN_MAX_UNITS];
        if (fogn_volley_resolve(s, st, &v, rep, dice, log) < 0) return -1;
        int still = 0;
        for (int a = 0; a < s->nunits; a++) {
            if (st->u[a].astate != AS_GOING || st->u[a].target != g) continue;
            if (rep[a].move == FOGN_FM_NONE && !rep[a].outcome && fogn_unit_alive(&st->u[a])) still = 1;
            else st->u[a].astate = rep[a].outcome ? AS_RETIRED : AS_HALTED;
        }
        if (!still) {
            gu->reaction = FOGN_RE_STAND_FIRE; /* the fire stopped them: the guns stay */
            continue;
        }
        assault_on on;
        assaults_on(s, st, g, &on, memo);
        if (s->units[g].troop == FOGN_ART_HORSE) {
            if (evade(s, st, g, &on, dice, log) < 0) return -1;
        } else {
            abandon(s, st, g, FOGN_ABANDON_VOLUNTARY_LOSS, log);
        }
    }
    /* (b) close-range fire at each assaulter paused 2 MU from its target; a
     * garrison's guns add to the fire at one of its assaulters (§15.4) */
    int guns[FOGN_MAX_UNITS];
    garrison_guns(s, st, guns);
    for (int a = 0; a < s->nunits; a++) {
        fogn_unit *au = &st->u[a];
        if (au->astate != AS_GOING) continue;
        int j = au->target;
        fogn_reach r;
        if (j < 0 || !fogn_unit_alive(&st->u[j]) || fogn_memo_reach(s, st, a, j, &r, memo) != 1) continue;
        int firers[FOGN_MAX_UNITS];
        int nf = defensive_firers(s, st, &r, firers);
        if (!nf) continue;
        fogn_volley v;
        fogn_volley_init(&v, st->active ^ 1, 1);
        fogn_volley_assaulter_start(&v, s, st, a); /* the 4+ to-hit qualifier is judged from where it began */
        /* ruling: an assaulter whose pause would stand on a friend it is
         * passing through takes the fire where it began */
        gr_rect pause = fogn_assault_pause_pose(s, st, j, &r);
        if (fogn_pose_clear(s, st, &pause, 1ull << a)) fogn_place_unit(s, st, a, &pause);
        for (int k = 0; k < nf; k++) {
            int before = v.n;
            fogn_volley_add(s, st, &v, firers[k], a, FOGN_RANGE_CLOSE);
            if (v.n > before && guns[firers[k]] >= 0 && guns[firers[k]] != a) fogn_shot_without_guns(&v.shot[before]);
        }
        fogn_volley_support(s, st, &v);
        fogn_fire_report rep[FOGN_MAX_UNITS];
        if (fogn_volley_resolve(s, st, &v, rep, dice, log) < 0) return -1;
        if (!fogn_unit_alive(au) || rep[a].outcome) au->astate = AS_RETIRED;
        else if (rep[a].move == FOGN_FM_RETIRE_3) au->astate = AS_HALTED;
        else if (rep[a].move == FOGN_FM_CMT_TO_ADVANCE) au->astate = AS_PRESS;
        au->flags |= FOGN_UF_NO_MOVE;
    }
    return FOGN_ST_AS_PRESS;
}

/* --- 2.6 pressing on --------------------------------------------------------------------------------- */

int fogn_as_press_due(const fogn_scenario *s, const fogn_state *st, int a)
{
    if (a >= s->nunits || st->u[a].astate != AS_PRESS) return 0;
    fogn_cmt_cost c;
    return fogn_cmt_cost_of(s, st, a, &c, NULL) == 0;
}

int fogn_as_press_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max)
{
    int a = st->turn.cursor, n = 0;
    (void)s;
    if (n < max) out[n++] = fogn_act(FOGN_A_HOLD, a, -1, 0);
    if (n < max) out[n++] = fogn_act(FOGN_A_DONE, -1, -1, 0);
    if (n < max) out[n++] = fogn_act(FOGN_A_PRESS, a, -1, 0);
    return n;
}

/* an assault stopped short by fire: cavalry fall back to 3 MU of its
 * target, infantry stay where they paused (§6.10) */
static int stop_short(const fogn_scenario *s, fogn_state *st, int a, gr_log *log)
{
    fogn_unit *u = &st->u[a];
    u->astate = AS_HALTED;
    if (arm_of(s, a) == FOGN_ARM_CAV && u->target >= 0) {
        int firers[1] = {u->target};
        fogn_retire_result r;
        if (fogn_retire_to_range(s, st, a, firers, 1, FOGN_R3_RANGE, &r, NULL) == 0)
            gr_log_add(log, GR_EV_MOVE, s->units[a].side, "%s falls back to 3 MU", s->units[a].name);
    }
    return 0;
}

int fogn_as_press_apply(const fogn_scenario *s, fogn_state *st, const gr_action *act_, gr_dice *dice, gr_log *log,
                        gr_error *err)
{
    int a = st->turn.cursor;
    st->turn.cursor++;
    if (act_->type == FOGN_A_HOLD) return stop_short(s, st, a, log);
    if (act_->type != FOGN_A_PRESS) return gr_error_set(err, "press on or hold");
    fogn_cmt_cost c;
    if (fogn_cmt_cost_of(s, st, a, &c, err)) return -1;
    if (c.cmdr >= 0 && !c.free) st->c[c.cmdr].cp = (uint8_t)(st->c[c.cmdr].cp - c.cp);
    st->u[a].flags |= FOGN_UF_TOOK_CMT;
    int pass = fogn_cmt_roll(s, st, a, c.led, dice, log, "press on into contact");
    if (pass < 0) return gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
    if (pass) st->u[a].astate = AS_GOING;
    else stop_short(s, st, a, log);
    return 0;
}

int fogn_as_press_done(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, gr_error *err)
{
    (void)dice;
    (void)err;
    for (int a = st->turn.cursor; a < s->nunits; a++)
        if (st->u[a].astate == AS_PRESS) stop_short(s, st, a, log);
    return 0;
}

/* --- 2.7 into contact -------------------------------------------------------------------------------- */

/* the nearest other enemy within 2 MU of the one that got away, that a can
 * reach (§6.8 retargeting), or -1 */
static int retarget(const fogn_scenario *s, const fogn_state *st, int a, int gone, fogn_reach *r, fogn_memo *memo)
{
    int best = -1;
    double bd = INFINITY;
    for (int k = 0; k < s->nunits; k++) {
        if (k == gone || s->units[k].side == s->units[a].side || !fogn_unit_alive(&st->u[k])) continue;
        if (st->u[k].flags & FOGN_UF_ABANDONED) continue;
        if (fogn_unit_alive(&st->u[gone]) && fogn_units_apart(s, st, k, gone) > FOGN_CLOSE + GR_EPS) continue;
        fogn_reach rk;
        if (!can_assault(s, st, a, k, 0, &rk, memo)) continue;
        double d = fogn_units_apart(s, st, a, k);
        if (d < bd) {
            bd = d;
            best = k;
            *r = rk;
        }
    }
    return best;
}

/* a Broken unit struck by an assault is destroyed at once; commanders with it
 * roll as for a unit that retires (§9.12 ruling) */
static int strike_broken(const fogn_scenario *s, fogn_state *st, int j, gr_dice *dice, gr_log *log)
{
    if (fogn_casualty_rolls(s, st, j, fogn_cas_score_for(0, 0, 1), dice, log) < 0) return -1;
    fogn_destroy(s, st, j, log, "caught while Broken");
    return 0;
}

static int go_in(const fogn_scenario *s, fogn_state *st, int a, int j, fogn_reach *r, gr_dice *dice, gr_log *log)
{
    fogn_contact_result res;
    if (fogn_assault_move(s, st, a, j, r, &res)) return 0;
    st->u[a].astate = AS_CONTACT;
    st->u[a].target = (int8_t)j;
    gr_log_add(log, GR_EV_MOVE, s->units[a].side, "%s goes in against %s%s", s->units[a].name, s->units[j].name,
               res.flank_rear ? ", in flank or rear" : "");
    if (st->u[j].cohesion == FOGN_BROKEN) return strike_broken(s, st, j, dice, log);
    if (res.flank_rear) {
        /* §6.11: the target loses a level and turns (if it could); it still counts as struck in flank */
        st->u[j].flanked_by = (int8_t)a;
        fogn_lose(s, st, j, 1, log, "assaulted in flank or rear");
        if (st->u[j].cohesion == FOGN_BROKEN) return strike_broken(s, st, j, dice, log);
    }
    if (st->u[j].flags & FOGN_UF_EVADED) {
        /* §6.8: caught though it evaded: a level lost, and 4 MU more away, keeping its facing */
        fogn_lose(s, st, j, 1, log, "caught while evading");
        if (st->u[j].cohesion == FOGN_BROKEN) return strike_broken(s, st, j, dice, log);
        fogn_retire_opts o;
        memset(&o, 0, sizeof o);
        o.dist = FOGN_CAUGHT_EVADER_MOVE;
        int who[1] = {a};
        o.dir = fogn_retire_dir(s, st, j, who, 1);
        o.keep_facing = 1;
        o.end_formation = -1;
        o.geometric = 1;
        fogn_retire_result rr;
        fogn_retire(s, st, j, &o, &rr, NULL);
        for (int k = 0; k < rr.nburst; k++) fogn_ct_owe(st, rr.burst[k]);
    }
    return 0;
}

/* §6.8: the target gone and nobody to turn on: the full move on in the direction of the assault
 * (ruling FOGN_MISSED_RUN_GAP) */
void fogn_as_missed_run(const fogn_scenario *s, fogn_state *st, int a, gr_log *log)
{
    const fogn_unit_profile *p = &s->units[a];
    double open = fogn_allowance(s, p, &st->u[a], FOGN_MC_OPEN);
    if (!(open > 0)) return;
    gr_rect r = fogn_unit_rect(p, &st->u[a]);
    fogn_move_class mc = fogn_walk_worst(s, &r, gr_rect_fwd(&r), open);
    double dist = mc == FOGN_MC_IMPASSABLE ? open : fogn_allowance(s, p, &st->u[a], mc);
    fogn_pursuit pu;
    if (!(dist > 0) || fogn_pursuit_plan(s, st, a, dist, NULL, &pu) || !pu.ok) return;
    double t = pu.moved;
    if (pu.stop == FOGN_PS_ENEMY) {
        /* short of the enemy, planned again so that it does not end on a friend it would have passed */
        t = t > FOGN_MISSED_RUN_GAP ? t - FOGN_MISSED_RUN_GAP : 0;
        if (t > 0 && (fogn_pursuit_plan(s, st, a, t, NULL, &pu) || !pu.ok)) return;
        t = t > 0 ? pu.moved : 0;
    }
    if (t <= 0) return;
    gr_rect end = gr_rect_advance(&r, t, 0);
    fogn_place_unit(s, st, a, &end);
    gr_log_add(log, GR_EV_MOVE, p->side, "%s completes its assault move, %.1f MU on (6.8)", p->name, t);
}

int fogn_as_contact(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, fogn_memo *memo)
{
    for (int a = 0; a < s->nunits; a++) {
        fogn_unit *u = &st->u[a];
        if (u->astate == AS_HALTED || u->astate == AS_RETIRED || u->astate == AS_CONTACT) u->flags |= FOGN_UF_NO_MOVE;
        if (u->astate != AS_GOING || !fogn_unit_alive(u)) continue;
        u->flags |= FOGN_UF_NO_MOVE;
        int j = u->target;
        fogn_reach r;
        if (j >= 0 && fogn_unit_alive(&st->u[j]) && fogn_memo_reach(s, st, a, j, &r, memo) == 1) {
            if (go_in(s, st, a, j, &r, dice, log) < 0) return -1;
            continue;
        }
        int k = retarget(s, st, a, j, &r, memo);
        if (k >= 0) {
            gr_log_add(log, GR_EV_NOTE, s->units[a].side, "%s turns on %s instead", s->units[a].name, s->units[k].name);
            if (go_in(s, st, a, k, &r, dice, log) < 0) return -1;
            continue;
        }
        u->astate = AS_MISSED;
        gr_log_add(log, GR_EV_NOTE, s->units[a].side, "%s finds nothing to strike", s->units[a].name);
        fogn_as_missed_run(s, st, a, log);
    }
    fogn_cmdr_displaced(s, st, log);
    if (fogn_ct_run(s, st, st->active ^ 1, dice, log) < 0) return -1;
    return FOGN_ST_FI_BEGIN;
}
