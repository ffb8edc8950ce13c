/* verb_price.c - `grognard fogn army price WORDS...`: the §16 price of any
 * unit a player may build, not only the rows of a printed list. The words
 * name the troop class, training, élan, capabilities and the number of
 * bases in any order ("reformed veteran superior guard 6"); each breach of
 * the points table or of who may have a capability is named. */
#include "armylist.h"
#include "verb_price.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct { const char *word, *name; fogn_price_class pc; int arm; } classes[] = {
    {"unreformed", "Line infantry, non-reformed", FOGN_PC_UNREFORMED, FOGN_ARM_INF},
    {"reformed", "Line infantry, reformed", FOGN_PC_REFORMED, FOGN_ARM_INF},
    {"light-infantry", "Light infantry", FOGN_PC_LIGHT_INF, FOGN_ARM_INF},
    {"light-cavalry", "Light cavalry", FOGN_PC_LIGHT_CAV, FOGN_ARM_CAV},
    {"heavy-cavalry", "Heavy cavalry", FOGN_PC_HEAVY_CAV, FOGN_ARM_CAV},
    {"medium-artillery", "Medium foot artillery", FOGN_PC_MEDIUM_ART, FOGN_ARM_ART},
    {"heavy-artillery", "Heavy foot artillery", FOGN_PC_HEAVY_ART, FOGN_ARM_ART},
    {"howitzers", "Howitzers", FOGN_PC_HEAVY_ART, FOGN_ARM_ART},
    {"horse-artillery", "Horse artillery", FOGN_PC_HORSE_ART, FOGN_ARM_ART},
};
static const char *const training_words[] = {"conscript", "drilled", "veteran", "irregular"};
static const char *const elan_words[] = {"poor", "average", "superior"};
static const struct { const char *word; unsigned bit; int arms; } caps[] = {
    /* arms: bit k set when arm k (fogn_arm) may have it */
    {"rifles", FOGN_CAP_RIFLES, 1 << FOGN_ARM_INF}, {"guard", FOGN_CAP_GUARD, 7},
    {"lancers", FOGN_CAP_LANCERS, 1 << FOGN_ARM_CAV}, {"shock", FOGN_CAP_SHOCK, 1 << FOGN_ARM_CAV},
    {"impetuous", FOGN_CAP_IMPETUOUS, 1 << FOGN_ARM_CAV}, {"immobile", FOGN_CAP_IMMOBILE, 1 << FOGN_ARM_ART},
};
#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

typedef struct price_ask {
    int cls, training, elan, bases;
    unsigned caps;
} price_ask;

static int word_index(const char *w, const char *const *words, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(w, words[i])) return i;
    return -1;
}

/* one word into the ask; 0, or -1 with the message printed */
static int read_word(price_ask *q, const char *w)
{
    for (int i = 0; i < N(classes); i++)
        if (!strcmp(w, classes[i].word)) {
            if (q->cls >= 0) return fprintf(stderr, "grognard army price: two troop classes ('%s')\n", w), -1;
            q->cls = i;
            return 0;
        }
    int k;
    if ((k = word_index(w, training_words, N(training_words))) >= 0) {
        if (q->training >= 0) return fprintf(stderr, "grognard army price: two trainings ('%s')\n", w), -1;
        q->training = k;
        return 0;
    }
    if ((k = word_index(w, elan_words, N(elan_words))) >= 0) {
        q->elan = k;
        return 0;
    }
    for (int i = 0; i < N(caps); i++)
        if (!strcmp(w, caps[i].word)) {
            q->caps |= caps[i].bit;
            return 0;
        }
    char *end;
    long b = strtol(w, &end, 10);
    if (*w && !*end && b > 0 && b < 100) {
        q->bases = (int)b;
        return 0;
    }
    fprintf(stderr, "grognard army price: '%s' is no troop class, training, élan, capability or number of bases\n", w);
    return -1;
}

/* the §16 rules on what may be bought; 0, or -1 with the message printed */
static int check_ask(const price_ask *q)
{
    if (q->cls < 0) return fprintf(stderr, "grognard army price: name the troop class (unreformed, reformed, ...)\n"), -1;
    if (q->training < 0) return fprintf(stderr, "grognard army price: name the training (veteran, drilled, conscript or irregular)\n"), -1;
    int arm = classes[q->cls].arm;
    for (int i = 0; i < N(caps); i++)
        if ((q->caps & caps[i].bit) && !(caps[i].arms & (1 << arm)))
            return fprintf(stderr, "grognard army price: %s may not be %s (§16)\n", classes[q->cls].name, caps[i].word), -1;
    int small = arm == FOGN_ARM_ART ? 2 : 4, large = arm == FOGN_ARM_ART ? 3 : 6;
    if (q->bases && q->bases != small && q->bases != large)
        return fprintf(stderr, "grognard army price: %s units are bought as %d or %d bases, not %d (§16)\n",
                       classes[q->cls].name, small, large, q->bases), -1;
    if (fogn_price_base(classes[q->cls].pc, q->training, q->elan, q->caps) < 0)
        return fprintf(stderr, "grognard army price: the points table sells no %s %s (§16)\n", training_words[q->training],
                       classes[q->cls].name), -1;
    return 0;
}

static void print_price(const price_ask *q)
{
    fogn_price_class pc = classes[q->cls].pc;
    int base = fogn_price_base(pc, q->training, q->elan, 0);
    int with_elan = base, plain = fogn_price_base(pc, q->training, FOGN_ELAN_AVERAGE, 0);
    int per = fogn_price_base(pc, q->training, q->elan, q->caps);
    printf("%s, %s, %s", classes[q->cls].name, training_words[q->training], elan_words[q->elan]);
    for (int i = 0; i < N(caps); i++)
        if (q->caps & caps[i].bit) printf(", %s", caps[i].word);
    printf(": %d", plain);
    if (with_elan != plain) printf(" %+d (%s)", with_elan - plain, elan_words[q->elan]);
    for (int i = 0; i < N(caps); i++)
        if (q->caps & caps[i].bit) printf(" %+d (%s)", fogn_price_cap(caps[i].bit), caps[i].word);
    printf(" = %d points a base (§16)\n", per);
    int arm = classes[q->cls].arm, small = arm == FOGN_ARM_ART ? 2 : 4, large = arm == FOGN_ARM_ART ? 3 : 6;
    if (q->bases) printf("  %d bases: %d points\n", q->bases, q->bases * per);
    else printf("  %d bases: %d points; %d bases: %d points\n", small, small * per, large, large * per);
}

int fogn_army_price(int n, char **words)
{
    if (n == 0) {
        fprintf(stderr, "usage: grognard army price CLASS TRAINING [ELAN] [CAPABILITY...] [BASES]\n"
                        "  CLASS: unreformed, reformed, light-infantry, light-cavalry, heavy-cavalry, medium-artillery,\n"
                        "         heavy-artillery, howitzers, horse-artillery\n"
                        "  TRAINING: veteran, drilled, conscript, irregular; ELAN: superior, average (default), poor\n"
                        "  CAPABILITY: rifles, guard, lancers, shock, impetuous, immobile; BASES: 4 or 6 (2 or 3 guns)\n");
        return 2;
    }
    price_ask q = {.cls = -1, .training = -1, .elan = FOGN_ELAN_AVERAGE};
    for (int i = 0; i < n; i++)
        if (read_word(&q, words[i])) return 2;
    if (check_ask(&q)) return 1;
    print_price(&q);
    return 0;
}
