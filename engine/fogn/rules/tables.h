/* tables.h - the numeric rules of fogn as pure functions, and the dice
 * procedures that roll them (rolls.c).
 *
 * Nothing here looks at the table: every situation a rule depends on is
 * handed in as a parameter (the unit's profile, its formation, and a small
 * struct of yes/no facts the caller has worked out from the position). So each
 * table of the spec can be read off and tested row by row: firing dice (§7.4,
 * §7.5), to-hit scores (§7.7, §9.7), firing results (§7.9), combat dice
 * (§9.2-§9.3), combat losses (§9.9), outcome moves, evades and pursuit (§9.11,
 * §6.8, §9.12, §9.13), cohesion tests (§11.1-§11.2), commander casualties
 * (§10.2), re-roll levels (§2.2, §7.8, §9.8) and result levels (§14).
 *
 * Section numbers are the rulebook's. Every value reconstructed where the
 * book's text is lost and every ruling made where it is silent is a named
 * constant below, listed in docs/rulings.md. */
#ifndef FOGN_TABLES_H
#define FOGN_TABLES_H

#include <stdbool.h>

#include "internal.h"
#include "../../core/dice.h"
#include "../../core/log.h"

/* --- values the spec gives -------------------------------------------------------------------- */
/* §7.4 close range: a Square's artillery attachment adds this instead of the usual +2 */
#define FOGN_FIRE_SQUARE_ATT 1
/* §7.5 supporting fire: infantry +1; artillery, or infantry with an artillery attachment, +2 */
#define FOGN_SUPPORT_INF 1
#define FOGN_SUPPORT_ART 2
/* §7.5 enemy cavalry near infantry firing at medium range: -1 with rifles, else -2 */
#define FOGN_CAV_NEAR_RIFLES 1
#define FOGN_CAV_NEAR_MUSKETS 2
/* §7.5, §9.5 effective cohesion: level 1 loses a die per full 3, level 2 per full 2, 3+ all */
#define FOGN_EFF_LOSS_PER_L1 3
#define FOGN_EFF_LOSS_PER_L2 2
/* §7.7 firing to-hit: scores never above 6 */
#define FOGN_FIRE_SCORE_CAP 6
/* §9.3 combat dice additions */
#define FOGN_LANCER_DICE 2
#define FOGN_PART_LANCER_DICE 1
#define FOGN_UPHILL_DICE 2
#define FOGN_PART_UPHILL_DICE 1
#define FOGN_FLANK_SUPPORT_DICE 2
#define FOGN_REAR_SUPPORT_DICE 1
#define FOGN_CAV_ART_ATT_DICE 1
/* §9.7 combat POA: net capped at two; base score 4+ */
#define FOGN_COMBAT_BASE_SCORE 4
#define FOGN_COMBAT_POA_CAP 2
/* §9.11 an outcome move (a retire) is at least this many MU */
#define FOGN_RETIRE_MIN 3
/* §9.11 units in Skirmish formation and horse artillery starting limbered retire this much further */
#define FOGN_RETIRE_EXTRA 2
/* §9.12 pursuit distance bonus: infantry D6, cavalry D6+2; §9.13 pass-through D6+2 */
#define FOGN_PURSUIT_INF_BONUS 0
#define FOGN_PURSUIT_CAV_BONUS 2
#define FOGN_PASS_THROUGH_BONUS 2
/* §15.4 fire into or out of buildings (also infantry and fortifications, §15.5):
 * 4 dice at close and medium range; hits on 5 at close, 6 beyond; howitzer,
 * rocket and mortar dice hit on 5 at every range */
#define FOGN_BUILDING_FIRE_DICE 4
#define FOGN_BUILDING_SCORE_CLOSE 5
#define FOGN_BUILDING_SCORE_FAR 6
#define FOGN_BUILDING_SCORE_SPECIAL 5
/* §15.4 combat across a building's perimeter (and a fortification's front, §15.5): 4 dice */
#define FOGN_BUILDING_COMBAT_DICE 4
/* §10.2 commander casualty: the lower score, the ordinary one */
#define FOGN_CAS_SCORE_LOW 5
#define FOGN_CAS_SCORE 6
/* a dice procedure rolls at most this many dice for one purpose (bounds every input) */
#define FOGN_MAX_ROLL_DICE 48

/* --- reconstructed values (R) and rulings ---------------------------------------------------- */
/* §7.4, §23.1 #8: medium-range dice of Reformed line infantry (settled by the playsheet) */
#define FOGN_R_MED_REFORMED_SMALL 3
#define FOGN_R_MED_REFORMED_LARGE 4
/* §7.9, §23.1 #7: cohesion loss for 1 net hit (R: none) and for 2 (settled: -1) */
#define FOGN_R_FIRE_LOSS_1HIT 0
#define FOGN_R_FIRE_LOSS_2HITS 1
/* §7.4 Ruling: an artillery attachment on a cavalry unit fires alone with
 * this many dice at close and at medium range, never at long range */
#define FOGN_R_CAV_ATT_DICE 2
/* §7.4 Ruling: only artillery units have a long-range band: attachments on
 * infantry or cavalry never fire at long range (1); 0 lets them add +1 there */
#define FOGN_R_ATT_LONG_ONLY_ON_ARTILLERY 1
/* §7.5 Ruling: infantry wholly in Skirmish formation gives supporting fire
 * as infantry (+1) even with an artillery attachment, since such an
 * attachment does not fire (§7.4) */
#define FOGN_R_SKIRMISH_SUPPORT_AS_INFANTRY 1
/* §7.5 / §9.5 Ruling ("the owner chooses which dice are lost"): cohesion
 * losses come off the group of dice worth least: the one with the higher
 * to-hit score, then the worse re-roll policy, then the later group */
#define FOGN_R_LOSE_WORST_DICE_FIRST 1
/* §7.7 Ruling: the "target in Skirmish formation" minus applies to every
 * target that counts as Skirmishers (§2.5: light cavalry in single rank and
 * irregular light cavalry too), as the book's long-range example implies */
#define FOGN_R_SKIRMISHER_TARGET_ALL 1
/* §7.7 Ruling: defensive fire hits assaulting infantry on 4+ only when it
 * "started within 1 base width of the front of the firers": read as the
 * cavalry clause beside it ("at least partially in front of the firers"),
 * a place along the front, not a distance (an infantry assault that starts
 * within 1.5 MU cannot pause 2 MU short to receive the fire): the assault
 * began at least partly ahead of the firers' frontage widened by this much
 * on each side */
#define FOGN_R_ASSAULT_FRONT_WIDEN FOGN_BW
/* §15.4 Ruling: the building scores are final: no POA is added to fire into
 * or out of buildings */
#define FOGN_R_BUILDING_FIRE_NO_POA 1
/* §15.4 Ruling: defending infantry firing out of a building use the 4 dice at
 * medium range even when their own table value there is 0 (unreformed
 * defenders reply at up to 6 MU); attackers firing in get the 4 dice only in a
 * band where they have dice of their own */
#define FOGN_R_BUILDING_DEFENDERS_MEDIUM 1
/* §9.3, §23.1 #9: Shock cavalry dice vs infantry or light cavalry (R: +1; alt +1/-1) */
#define FOGN_R_SHOCK_DICE 1
/* §9.2 Ruling: artillery fights on the "all other" row (4 / 6) */
#define FOGN_R_ART_COMBAT_ALL_OTHER 1
/* §9.2 Ruling: Deep formation takes the small-unit value of whichever row
 * applies (6 normally, 4 in an "all other" situation) */
#define FOGN_R_DEEP_SMALL_ROW 1
/* §9.8 Ruling: optional combat and firing re-rolls are taken on exactly the
 * dice that missed (a re-roll of a hit would be pointless) */
#define FOGN_R_REROLL_MISSES_ONLY 1
/* §2.2, §23.3 #46: Poor Guard re-roll as Average (level 1) */
#define FOGN_R_POOR_GUARD_LEVEL 1
/* §9.11, §23.1 #11: infantry Broken in the open in contact with cavalry:
 * destroyed (R); unlimbered artillery in contact with infantry: Disordered
 * abandons its guns (R), Broken is destroyed (R) */
#define FOGN_R_OUT_INF_OPEN_CAV_BROKEN FOGN_OMOVE_DESTROYED
#define FOGN_R_OUT_UNLIMB_INF_DISORDERED FOGN_OMOVE_ABANDONED
#define FOGN_R_OUT_UNLIMB_INF_BROKEN FOGN_OMOVE_DESTROYED
/* §9.11 Ruling: the Halt row of infantry is for infantry facing cavalry that
 * defends an obstacle or stands in Square; a Square in contact only with
 * infantry (or with nothing) retires like other infantry */
#define FOGN_R_SQUARE_HALT_VS_CAV_ONLY 1
/* §9.11 Ruling: unlimbered artillery in contact only with enemy artillery
 * uses the "otherwise" rows */
#define FOGN_R_UNLIMB_VS_ART_OTHERWISE 1
/* §9.11 Ruling: the +2 for Skirmish formation is for infantry in it; mounted
 * Skirmishers take the cavalry rows as printed (their evade, §6.8, is D6+4) */
#define FOGN_R_RETIRE_EXTRA_INF_ONLY 1
/* §9.12 Ruling: the pursuit re-roll follows the élan grade: Superior (Guard
 * or not) must re-roll a 1; Poor must re-roll a 6, but Poor Guard re-roll
 * nothing (as Average, §23.3 #46) */
#define FOGN_R_PURSUIT_POOR_GUARD_NONE 1
/* §11.2 Ruling: light infantry in a single-rank skirmish line counts as
 * Extended Line for the -1 die and the Conscript automatic failure */
#define FOGN_R_CT_SKIRMISH_LINE_IS_LINE 1
/* §7.9 Ruling: a Wavering Guard unit whose one level a phase is already
 * spent still makes the outcome move the fire calls for (1); 0: it stands */
#define FOGN_R_GUARD_WAVERING_RETIRES 1
/* §14, §23.3 #48 Ruling: the fresh-cavalry bonus can lower a Marginal
 * Victory to a Draw (the lowest level it can reach), never a Draw itself */
#define FOGN_R_BONUS_FLOOR FOGN_RESULT_DRAW
/* §11.3, §13: a test whose score is above 6 fails without a roll */
#define FOGN_R_TEST_MAX_SCORE 6

/* --- re-roll policies (§2.2, §7.8, §9.8) -------------------------------------------------------- */
/* A group of dice is rolled with one policy: k > 0 may re-roll, once, every
 * die that missed and shows k or less; 0 none; FOGN_REROLL_SIXES must re-roll
 * every 6 once. Larger is better for the roller. */
#define FOGN_REROLL_NONE 0
#define FOGN_REROLL_SIXES (-1)

/* élan re-roll level (§2.2): 3 Superior Guard, 2 Superior or Guard, 1 Average
 * (and Poor Guard, §23.3 #46), 0 Poor */
int fogn_reroll_level(fogn_elan elan, bool guard);
/* test re-rolls (§2.2, §5.3, §11.3): faces re-rolled when a test fails (0, 1 or 2)
 * and whether a passing test must re-roll its 6s */
int fogn_test_reroll_failing(int level);
bool fogn_test_reroll_sixes(int level);
/* combat to-hit re-roll policy (§9.8): a leading commander raises the level by one */
int fogn_combat_reroll(int level, bool led);
/* firing re-roll policy by training (§7.8): Veteran 1s, Conscript/Irregular must re-roll 6s */
int fogn_fire_reroll(fogn_training t);
/* pursuit distance die (§9.12): the face that must be re-rolled (1, 6) or 0 */
int fogn_pursuit_reroll_face(fogn_elan elan, bool guard);

/* --- §7.4 firing dice ---------------------------------------------------------------------------- */
/* the groups a unit's fire is rolled in (§7.7, §7.8) */
enum {
    FOGN_FG_OWN = 0,   /* the unit's own dice, with its training's re-rolls */
    FOGN_FG_ATT,       /* artillery attachment dice (medium or heavy guns): as Drilled */
    FOGN_FG_SPECIAL,   /* howitzer and rocket attachment dice: own to-hit (no cover POA) */
    FOGN_FG_COUNT
};

/* how the unit fires this time; the caller knows the geometry */
typedef struct fogn_fire_ctx {
    uint8_t range;         /* fogn_range */
    uint8_t half;          /* one half of an Extended Line at close range: counts as a whole unit (§7.3) */
    uint8_t as_small;      /* fires as a small unit (§7.1 barred bases, §7.3 one end base, §7.5 terrain) */
    uint8_t att_off;       /* bit k: attachment slot k is lost or not in the firing part (other half, barred) */
    uint8_t enemy_cav;     /* enemy cavalry within 6 MU, or the target has a cavalry attachment (§7.5) */
    uint8_t into_building; /* fires at a unit in a building or fortification (§15.4, §15.5) */
    uint8_t from_building; /* infantry firing out of a building or fortification it defends */
} fogn_fire_ctx;

typedef struct fogn_fire_dice {
    int n[FOGN_FG_COUNT];      /* dice per group, after the enemy-cavalry loss */
    int reroll[FOGN_FG_COUNT]; /* re-roll policy per group */
    int att_alone;             /* the attachment fires on its own: the parent has no dice in this band */
} fogn_fire_dice;

/* does the unit fire as Reformed infantry (§2.1: FIRE_REFORMED overrides)? */
bool fogn_fires_reformed(const fogn_unit_profile *p);
/* does it have rifles (the unit, or a working rifle-skirmisher attachment)? */
bool fogn_has_rifles(const fogn_unit_profile *p, unsigned att_off);
/* the unit's own dice at this range before any loss (§7.4 rows) */
int fogn_fire_own_dice(const fogn_unit_profile *p, fogn_formation f, const fogn_fire_ctx *c);
/* §7.5 item 2: dice an infantry firer loses at medium range to enemy cavalry (0, 1 or 2) */
int fogn_fire_cavalry_loss(const fogn_unit_profile *p, const fogn_fire_ctx *c);
/* §7.4 + §7.5 item 2: every dice group of one unit's fire; returns the total */
int fogn_fire_dice_of(const fogn_unit_profile *p, fogn_formation f, const fogn_fire_ctx *c, fogn_fire_dice *out);
int fogn_fire_dice_total(const fogn_fire_dice *d);
/* does this group hit by the howitzer / rocket / mortar rule (no cover POA,
 * §7.7; 5 at every range at buildings, §15.4)? The special group, and a
 * mortar unit's own dice. */
bool fogn_fire_group_special(const fogn_unit_profile *p, int group);
/* §7.5 supporting fire dice a unit adds (0 when it cannot support) */
int fogn_support_dice(const fogn_unit_profile *p, fogn_formation f, fogn_cohesion c, unsigned att_off);

/* --- §7.5 / §9.5 effective cohesion ---------------------------------------------------------------- */
/* dice left after the effective-cohesion reduction (level 0 keeps all, 3+ none) */
int fogn_cohesion_dice(int dice, int eff_level);
/* the same over several groups, taking the loss off the dice worth least
 * (FOGN_R_LOSE_WORST_DICE_FIRST); n[] is updated; returns the dice left */
int fogn_cohesion_reduce(int *n, const int *score, const int *reroll, int ngroups, int eff_level);

/* --- §7.7 firing to-hit ----------------------------------------------------------------------------- */
typedef struct fogn_fire_target {
    uint8_t arm;            /* fogn_arm */
    uint8_t formation;      /* fogn_formation */
    uint8_t skirmishers;    /* it counts as Skirmishers (§2.5, fogn_is_skirmisher) */
    uint8_t soft_ground;    /* on soft ground (§15.3) */
    uint8_t in_cover;       /* in cover (§15.1) */
    uint8_t assaulting;     /* it is assaulting the firers: this is defensive fire (§6.10) */
    uint8_t began_in_front; /* ... cavalry began at least partly in front of the firers, or
                               infantry ahead of their front widened by 1 BW (the 4+ qualifier) */
    uint8_t from_behind;    /* the firers are behind its flank or rear (§7.7) */
    uint8_t building;       /* fire into or out of a building, or infantry fire at a fortification (§15.4) */
} fogn_fire_target;

/* the base score before POA (§7.7 rows) */
int fogn_fire_base_score(fogn_range r, const fogn_fire_target *t);
/* net firing POA, -1..+1 (special: howitzer, rocket or mortar dice, no cover minus) */
int fogn_fire_poa(fogn_range r, const fogn_fire_target *t, bool firer_skirmishers, bool special);
/* the to-hit score of one group of dice (§7.7, §15.4) */
int fogn_fire_score(fogn_range r, const fogn_fire_target *t, bool firer_skirmishers, bool special);

/* --- §7.9 firing results ------------------------------------------------------------------------ */
typedef enum fogn_fire_move {
    FOGN_FM_NONE = 0,
    FOGN_FM_CMT_TO_ADVANCE,   /* 1-2 hits: advance only after a CMT; cavalry inside 3 MU fall back to 3 MU */
    FOGN_FM_RETIRE_3,         /* 3 hits: retire to 3 MU if closer, else may not advance */
    FOGN_FM_OUTCOME           /* 4+ hits: retire at once by the outcome table */
} fogn_fire_move;

typedef struct fogn_fire_hit_in {
    int hits;                 /* every hit on the target this step, from all sources */
    uint8_t large;
    uint8_t cohesion;         /* fogn_cohesion now */
    uint8_t superior_assaulting; /* a Superior unit under defensive fire while assaulting */
    uint8_t any_close;        /* some of the fire at it was at close range (even dice that missed) */
    uint8_t guard;
    uint8_t guard_lost;       /* levels it already lost to fire this phase (Guard: at most 1 a phase) */
} fogn_fire_hit_in;

typedef struct fogn_fire_result {
    int net;          /* hits after the reduction */
    int move;         /* fogn_fire_move from the table row */
    int losses;       /* cohesion levels it loses */
    int outcome;      /* it makes an outcome move now (4+ hits, a Wavering unit instead of a loss, made Broken) */
    int broken;       /* it ends Broken */
} fogn_fire_result;

/* the hit reduction (0 or 1): Steady/Disordered large target or Superior assaulter */
int fogn_fire_hit_reduction(const fogn_fire_hit_in *in);
void fogn_fire_result_of(const fogn_fire_hit_in *in, fogn_fire_result *out);

/* --- §9.2-§9.3 combat dice -------------------------------------------------------------------- */
/* one unit's situation in a melee (what it fights is summed over all its opponents) */
typedef struct fogn_melee {
    uint8_t rough;          /* some part in rough or difficult terrain */
    uint8_t obstacle;       /* fighting across an obstacle (either side defends it) */
    uint8_t building;       /* fighting across a building's perimeter or a fortification's front (§15.4) */
    uint8_t uphill;         /* 0; 1 partly uphill; 2 uphill (§15.2) */
    uint8_t flank_support;  /* supporting units on its flanks (0..2, §9.4) */
    uint8_t rear_support;   /* it has rear support (§9.4; Deep formation always has) */
    uint8_t foe_rear_support; /* how many of its opponents have rear support */
    uint8_t vs_inf;         /* it fights infantry not in Square */
    uint8_t vs_square;      /* it fights infantry in Square */
    uint8_t vs_art;         /* it fights artillery */
    uint8_t vs_cav;         /* it fights cavalry */
    uint8_t vs_light_cav;   /* ... of which some is light cavalry (regular or irregular) */
} fogn_melee;

typedef struct fogn_combat_dice {
    int own;                /* the unit's dice, rolled with its own élan re-rolls */
    int flank;              /* flank-support dice, rolled with the supporters' re-rolls (§9.3) */
} fogn_combat_dice;

/* §9.2: is the unit on the 6 / 8 row (else the "all other" 4 / 6 row)? */
bool fogn_combat_full_row(const fogn_unit_profile *p, fogn_formation f, const fogn_melee *m);
/* §9.2 dice allowance (Deep: small-unit dice) */
int fogn_combat_base_dice(const fogn_unit_profile *p, fogn_formation f, const fogn_melee *m);
/* §9.3 additions and losses; `cohesion` is the unit's real level (lancers); returns own + flank */
int fogn_combat_dice_of(const fogn_unit_profile *p, fogn_formation f, fogn_cohesion cohesion, unsigned att_off,
                        const fogn_melee *m, fogn_combat_dice *out);

/* --- §9.7 combat POA and to-hit ------------------------------------------------------------------ */
/* §2.5 cavalry weight order from what the unit's bases are: 1 all light,
 * 2 light + heavy, 3 all heavy or light + shock heavy, 4 heavy + shock heavy,
 * 5 all shock heavy; 0 when it has no cavalry */
int fogn_cav_weight_mix(bool light, bool heavy, bool shock_heavy);
/* the class of a cavalry unit by its profile (0 for other arms) */
int fogn_cav_weight(const fogn_unit_profile *p);

/* one side of a melee pairing, as the POA table sees it */
typedef struct fogn_fighter {
    uint8_t arm;              /* fogn_arm */
    uint8_t formation;        /* fogn_formation */
    uint8_t skirmishers;      /* counts as Skirmishers (§2.5) */
    uint8_t weight;           /* cavalry weight class (fogn_cav_weight), 0 otherwise */
    uint8_t shock;            /* Shock cavalry */
    uint8_t defends_obstacle; /* defends the obstacle between them (§15.8) */
    uint8_t in_cover;         /* in cover (§15.1) */
    uint8_t in_open;          /* in open terrain */
    uint8_t flank_attack;     /* it strikes the other's flank or rear (§6.11) */
} fogn_fighter;

/* fills arm, formation, skirmishers, weight and shock from the unit; the
 * rest (terrain, obstacle, flank) is left 0 for the caller */
void fogn_fighter_init(fogn_fighter *f, const fogn_unit_profile *p, const fogn_unit *u);
/* net POA of `me` fighting `foe` (not yet capped) */
int fogn_combat_poa(const fogn_fighter *me, const fogn_fighter *foe, bool across_obstacle);
/* score for a net POA: capped at +-2; ++ 2+, + 3+, 0 4+, - 5+, -- 6+ */
int fogn_combat_score(int poa);

/* --- §9.9 combat hits to cohesion losses ----------------------------------------------------------- */
int fogn_combat_losses(int hits, bool large, bool guard);

/* --- §9.11 outcome moves, §6.8 evades, §9.12 pursuit, §9.13 pass through ------------------------ */
typedef enum fogn_omove {
    FOGN_OMOVE_RETIRE = 0,  /* retire D6 + bonus MU */
    FOGN_OMOVE_HALT,
    FOGN_OMOVE_DESTROYED,
    FOGN_OMOVE_ABANDONED
} fogn_omove;
/* the table's columns: the unit's state (any retire caused by an assault uses WAVERING) */
typedef enum fogn_ocol { FOGN_OCOL_DISORDERED = 0, FOGN_OCOL_WAVERING, FOGN_OCOL_BROKEN } fogn_ocol;
/* what the unit is in contact with */
typedef enum fogn_ovs { FOGN_OVS_NONE = 0, FOGN_OVS_CAVALRY, FOGN_OVS_INFANTRY, FOGN_OVS_ARTILLERY } fogn_ovs;

typedef struct fogn_outcome {
    int kind;     /* fogn_omove */
    int bonus;    /* RETIRE: MU added to the die (Skirmish / limbered horse artillery +2 included) */
} fogn_outcome;

/* §9.11 row and column; `start` is the formation at the start of the move
 * (horse artillery starting limbered), in_open: the infantry is in open terrain */
fogn_outcome fogn_outcome_of(const fogn_unit_profile *p, fogn_formation start, fogn_ovs contact,
                             bool defends_obstacle, bool in_open, fogn_ocol col);
/* a retire's final distance from its die: die + bonus, at least 3 MU */
int fogn_retire_distance(int die, int bonus);
/* §6.8 evade bonus (D6 + this), or -1 when the unit does not evade */
int fogn_evade_bonus(const fogn_unit_profile *p, fogn_formation f);

typedef enum fogn_pursue {
    FOGN_PURSUE_NEVER = 0,
    FOGN_PURSUE_MUST,         /* Steady cavalry */
    FOGN_PURSUE_UNLESS_CMT,   /* pursues unless it passes a CMT not to */
    FOGN_PURSUE_ONLY_CMT,     /* pursues only if it passes a CMT */
    FOGN_PURSUE_MAY           /* Steady infantry with unbroken enemy cavalry within 6 MU: free choice */
} fogn_pursue;
/* §9.12 / §9.10: who pursues a retiring enemy */
fogn_pursue fogn_pursuit_of(fogn_arm arm, fogn_cohesion c, bool in_square, bool defends_obstacle,
                            bool enemy_cav_near);
/* §9.12 pursuit distance bonus (D6 + this); -1 for artillery */
int fogn_pursuit_bonus(fogn_arm arm);

/* --- §11.1-§11.2 cohesion tests -------------------------------------------------------------------- */
typedef enum fogn_ct_trigger {
    FOGN_CTT_SQUARE_FROM_LINE = 0,  /* infantry charged by cavalry forms Square from Extended Line */
    FOGN_CTT_SQUARE_FROM_TACTICAL,  /* ... from Tactical or March Column */
    FOGN_CTT_STAND_VS_CAVALRY,      /* ... stands and fires */
    FOGN_CTT_BURST_IMPETUOUS,       /* burst through by impetuous assaulters */
    FOGN_CTT_SQUARE_VS_INFANTRY,    /* Square assaulted only by infantry */
    FOGN_CTT_WAVERING_TARGET,       /* Wavering unit declared against */
    FOGN_CTT_SKIRM_COUNTER,         /* light cavalry Skirmishers counter-charge formed cavalry */
    FOGN_CTT_ART_STAND,             /* artillery stands to fire */
    FOGN_CTT_BROKEN_INF_NEAR,       /* Broken friendly infantry first passes within 4 MU */
    FOGN_CTT_CAV_BREAKS_NEAR,       /* within 4 MU of friendly cavalry as it breaks */
    FOGN_CTT_BURST_OUTCOME,         /* burst through by friends making an outcome move */
    FOGN_CTT_CMDR_CASUALTY,         /* a commander or officer with it falls */
    FOGN_CTT_FRIEND_DESTROYED,      /* a friend nearby destroyed */
    FOGN_CTT_RALLY,                 /* rally from Broken */
    FOGN_CTT_GUNS_3,                /* recover abandoned guns with 3 losses */
    FOGN_CTT_GUNS,                  /* recover abandoned guns with 1-2 losses */
    FOGN_CTT_RECOVER,               /* recover a cohesion level */
    FOGN_CTT_COUNT
} fogn_ct_trigger;

/* what a failed test costs */
typedef enum fogn_ct_fail {
    FOGN_CTF_LOSE_LEVEL = 0, FOGN_CTF_BROKEN, FOGN_CTF_EVADES, FOGN_CTF_ABANDONED, FOGN_CTF_DESTROYED,
    FOGN_CTF_NO_EFFECT
} fogn_ct_fail;

/* the score of a trigger, +1 when the own LOC is occupied (>6: fails outright) */
int fogn_ct_score(fogn_ct_trigger t, bool loc_occupied);
fogn_ct_fail fogn_ct_failure(fogn_ct_trigger t);

typedef struct fogn_ct_ctx {
    uint8_t charismatic;  /* a charismatic commander is with the unit */
    uint8_t defensive;    /* Defensive Position: buildings, a defended obstacle, uphill of every enemy */
    uint8_t rear_support; /* it has rear support */
    uint8_t guns;         /* recovering abandoned guns: training dice only */
} fogn_ct_ctx;

/* §2.3 / §11.2 training dice: Veteran 3, Drilled 2, Irregular 2, Conscript 1 */
int fogn_ct_training_dice(fogn_training t);
/* §11.2 dice of a test (0: fails); *autofail for Conscripts in an unsupported Extended Line */
int fogn_ct_dice_for(const fogn_unit_profile *p, fogn_formation f, const fogn_ct_ctx *c, int *autofail);

/* --- §10.2 commander casualties -------------------------------------------------------------------- */
typedef enum fogn_cas_rank { FOGN_CAS_CORPS = 0, FOGN_CAS_DIVISION, FOGN_CAS_BRIGADE, FOGN_CAS_ARMY } fogn_cas_rank;
/* dice: Corps 3, Division 2, Brigade 1, Army 0 (never a casualty) */
int fogn_cas_dice(fogn_cas_rank r);
/* 5+ when shooting with rifles among the firers or when the commander's unit
 * retires from the combat, else 6+ */
int fogn_cas_score_for(bool shooting, bool rifles, bool unit_retires);

/* --- §14 result levels --------------------------------------------------------------------------- */
/* army defeat test (§14): attrition against ACV, and the enemy's */
bool fogn_army_defeated(double attrition, int acv, double enemy_attrition, int enemy_acv);
/* timed-game level of the side that inflicted `inflicted` and received `received` (FOGN_RESULT_*) */
int fogn_timed_level(double inflicted, double received);
/* §14 bonus, §23.3 #48: the winner's level moved by the fresh-cavalry difference (a Draw stays) */
int fogn_cavalry_bonus_level(int level, int fresh_winner, int fresh_loser);

/* --- dice procedures (rolls.c) ------------------------------------------------------------------- */
/* n dice at `score`, re-rolled by `reroll` (FOGN_REROLL_*); returns the hits, -1 on dice failure */
int fogn_roll_hits(int side, const char *who, int n, int score, int reroll, gr_dice *dice, gr_log *log,
                   const char *what);
/* a test (CMT, cohesion, recovery): pass if any die makes `score`; élan
 * re-rolls by level (failing: 1s at 2, 1-2s at 3; passing at 0: must re-roll
 * 6s); no dice or a score above 6: fails without a roll. 1 pass, 0 fail, -1 dice failure */
int fogn_roll_test(int side, const char *who, int ndice, int score, int elan_level, gr_dice *dice, gr_log *log,
                   const char *test, const char *what);
/* commander casualty (§10.2): 1 when EVERY die makes `score`, 0 when not (or no dice), -1 dice failure */
int fogn_roll_casualty(int side, const char *who, int ndice, int score, gr_dice *dice, gr_log *log);
/* one die + bonus MU for an outcome / evade / pursuit / pass-through distance;
 * a die showing `must_face` (1 or 6; 0 none) is re-rolled once; the result is at
 * least `min`. Returns the distance in MU, -1 on dice failure */
int fogn_roll_distance(int side, const char *who, int bonus, int must_face, int min, gr_dice *dice, gr_log *log,
                       const char *what);

#endif
