/* rolls.c - the fogn dice procedures over gr_dice: dice rolled to hit a
 * score with a re-roll policy (firing §7.7-§7.8, combat §9.7-§9.8), tests
 * passed by any die (CMT §5.3, cohesion §11.3, recovery §12), the commander
 * casualty roll that every die must make (§10.2), and one die plus a bonus for
 * a distance (§6.8, §9.11-§9.13). The dice source logs each throw; these add
 * a line with the outcome. Every procedure returns -1 when the dice fail (a
 * script running out, manual input ending): the caller abandons the action. */
#include "tables.h"
#include "../../core/words.h"

#include <assert.h>
#include <stdio.h>

int fogn_roll_hits(int side, const char *who, int n, int score, int reroll, gr_dice *dice, gr_log *log,
                   const char *what)
{
    assert(n >= 0 && n <= FOGN_MAX_ROLL_DICE);
    assert(score >= 2 && score <= 6);
    assert(reroll >= FOGN_REROLL_SIXES && reroll <= 5);
    if (n <= 0) return 0;
    char purpose[200];
    int hits = 0;
    /* a big pool is thrown in handfuls the dice source can take */
    for (int done = 0; done < n; done += GR_DICE_MAX_PER_ROLL) {
        int k = n - done < GR_DICE_MAX_PER_ROLL ? n - done : GR_DICE_MAX_PER_ROLL;
        int f[GR_DICE_MAX_PER_ROLL], idx[GR_DICE_MAX_PER_ROLL], ni = 0;
        snprintf(purpose, sizeof purpose, "%s: %s at %d+", who, what, score);
        if (!gr_dice_roll(dice, k, f, purpose)) return -1;
        for (int i = 0; i < k; i++) {
            bool again = reroll == FOGN_REROLL_SIXES ? f[i] == 6 : f[i] <= reroll && (f[i] < score || !FOGN_R_REROLL_MISSES_ONLY);
            if (again) idx[ni++] = i;
        }
        if (ni) {
            snprintf(purpose, sizeof purpose, "%s: %s (%s)", who, what,
                     reroll == FOGN_REROLL_SIXES ? "must re-roll 6s" : "re-roll of misses");
            if (!gr_dice_reroll(dice, f, idx, ni, purpose)) return -1;
        }
        for (int i = 0; i < k; i++) hits += f[i] >= score;
    }
    gr_log_add(log, GR_EV_NOTE, side, "%s scores %d hit%s with %d dice at %d+: %s", who, hits, hits == 1 ? "" : "s", n,
               score, what);
    return hits;
}

int fogn_roll_test(int side, const char *who, int ndice, int score, int elan_level, gr_dice *dice, gr_log *log,
                   const char *test, const char *what)
{
    assert(elan_level >= 0 && elan_level <= 3);
    int f[GR_DICE_MAX_PER_ROLL];
    char purpose[200];
    if (ndice < 1) {
        gr_log_add(log, GR_EV_TEST, side, "%s fails the %s to %s: no dice to roll", who, test, what);
        return 0;
    }
    if (score > FOGN_R_TEST_MAX_SCORE) {
        gr_log_add(log, GR_EV_TEST, side, "%s fails the %s to %s: it would need %d+", who, test, what, score);
        return 0;
    }
    if (ndice > GR_DICE_MAX_PER_ROLL) ndice = GR_DICE_MAX_PER_ROLL;
    snprintf(purpose, sizeof purpose, "%s of %s to %s (%d+)", test, who, what, score);
    if (!gr_dice_roll(dice, ndice, f, purpose)) return -1;
    int pass = 0;
    for (int i = 0; i < ndice; i++) pass |= f[i] >= score;
    int idx[GR_DICE_MAX_PER_ROLL], ni = 0;
    int worst = fogn_test_reroll_failing(elan_level);
    if (!pass && worst > 0) {
        /* §2.2: failing, 1s (level 2) or 1s and 2s (level 3) are re-rolled once */
        for (int i = 0; i < ndice; i++)
            if (f[i] <= worst) idx[ni++] = i;
        if (ni) {
            snprintf(purpose, sizeof purpose, "elan re-roll of %s%s %s", who, gr_words_poss(who), test);
            if (!gr_dice_reroll(dice, f, idx, ni, purpose)) return -1;
        }
    } else if (pass && fogn_test_reroll_sixes(elan_level)) {
        /* §2.2: a passing Poor unit must re-roll its 6s once */
        for (int i = 0; i < ndice; i++)
            if (f[i] == 6) idx[ni++] = i;
        if (ni) {
            snprintf(purpose, sizeof purpose, "Poor elan: %s must re-roll 6s", who);
            if (!gr_dice_reroll(dice, f, idx, ni, purpose)) return -1;
        }
    }
    pass = 0;
    for (int i = 0; i < ndice; i++) pass |= f[i] >= score;
    gr_log_add(log, GR_EV_TEST, side, "%s %s the %s to %s", who, pass ? "passes" : "fails", test, what);
    return pass;
}

int fogn_roll_casualty(int side, const char *who, int ndice, int score, gr_dice *dice, gr_log *log)
{
    assert(ndice <= GR_DICE_MAX_PER_ROLL);
    assert(score >= 2 && score <= 6);
    if (ndice < 1) return 0; /* an Army Commander never falls */
    int f[GR_DICE_MAX_PER_ROLL];
    char purpose[200];
    snprintf(purpose, sizeof purpose, "casualty roll for %s (all %d dice %d+)", who, ndice, score);
    if (!gr_dice_roll(dice, ndice, f, purpose)) return -1;
    int all = 1;
    for (int i = 0; i < ndice; i++) all &= f[i] >= score;
    gr_log_add(log, GR_EV_TEST, side, "%s %s", who,
               all ? "becomes a casualty: every die made the score" : "is unhurt: not every die made the score");
    return all;
}

int fogn_roll_distance(int side, const char *who, int bonus, int must_face, int min, gr_dice *dice, gr_log *log,
                       const char *what)
{
    assert(bonus >= 0 && bonus <= 12 && min >= 0 && min <= 18);
    assert(must_face == 0 || must_face == 1 || must_face == 6);
    char purpose[200];
    int f[1];
    snprintf(purpose, sizeof purpose, "%s of %s (D6+%d MU)", what, who, bonus);
    if (!gr_dice_roll(dice, 1, f, purpose)) return -1;
    if (must_face && f[0] == must_face) {
        int idx[1] = {0};
        snprintf(purpose, sizeof purpose, "%s of %s: must re-roll a %d", what, who, must_face);
        if (!gr_dice_reroll(dice, f, idx, 1, purpose)) return -1;
    }
    int d = f[0] + bonus;
    if (d < min) d = min;
    gr_log_add(log, GR_EV_NOTE, side, "%s: %s of %d MU", who, what, d);
    return d;
}
