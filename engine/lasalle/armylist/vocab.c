/* vocab.c - the words of the Army Builder format: theatres, esprit,
 * discipline, traits, tactics, gun weights, support kinds, roles, rule kinds
 * and their lookups; the parser and printer of the book's unit-value
 * notation ("Reliable/Experienced/SK2/Guard"); and the comparison of unit
 * names that ignores case and accents ("Jäger" = "jager"). */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* --- name tables ------------------------------------------------------------------------------ */
const char *const lasalle_list_theatre_ids[LASALLE_LIST_TH_COUNT] = {"conquest", "empire", "peninsula", "liberation",
                                                                     "hundred-days"};
const char *const lasalle_list_theatre_words[LASALLE_LIST_TH_COUNT] = {"Conquest", "Empire", "Peninsula", "Liberation",
                                                                       "Hundred Days"};
static const char *const theatre_names[LASALLE_LIST_TH_COUNT] = {
    "Conquest (1805-07)", "Empire (1808-12)", "Peninsula (1808-13)", "Liberation (1813-14)", "Hundred Days (1815)"};
const char *const lasalle_list_arm_ids[3] = {"infantry", "cavalry", "artillery"};
const char *const lasalle_list_tactics_ids[LASALLE_LIST_TAC_COUNT] = {"poor", "average", "good"};
const char *const lasalle_list_weight_ids[LASALLE_LIST_W_COUNT] = {"light", "medium", "heavy"};
const char *const lasalle_list_support_ids[LASALLE_LIST_SUP_COUNT] = {"organic", "reserve", "allied"};
const char *const lasalle_list_role_ids[LASALLE_LIST_ROLE_COUNT] = {"defender", "attacker"};
const char *const lasalle_list_conf_ids[LASALLE_LIST_CONF_COUNT] = {"H", "M", "L"};
const char *const lasalle_army_swap_ids[LASALLE_ARMY_SWAP_COUNT] = {"", "rockets", "howitzer"};
static const char *const esprit_names[LASALLE_LIST_ESP_COUNT] = {"Shaky", "Reliable", "Valiant", "Unpredictable"};
static const char *const esprit_short[LASALLE_LIST_ESP_COUNT] = {"Shaky", "Rel", "Val", "Unpred"};
static const char *const disc_names[LASALLE_LIST_DISC_COUNT] = {"Experienced", "Amateur", "Irregular"};
static const char *const disc_short[LASALLE_LIST_DISC_COUNT] = {"Exp", "Ama", "Irr"};
static const char *const trait_names[LASALLE_LIST_TRAIT_COUNT] = {"Shock", "Pursuit", "Lance", "Guard"};

static const struct {
    const char *id;
    const char *text;
} rule_info[LASALLE_LIST_RULE_COUNT] = {
    [LASALLE_LIST_RULE_LINEAR_TACTICS] =
        {"linear-tactics", "Linear Tactics: attack columns may not charge; a formation change takes the whole move"},
    [LASALLE_LIST_RULE_SUPERIOR_COMMANDER] =
        {"superior-commander", "Superior Commander: this army picks the first combat of every Combat Phase"},
    [LASALLE_LIST_RULE_SEND_IN_THE_GUARDS] =
        {"send-in-the-guards", "Send in the Guards: only a decisive victory counts as a win for this army"},
    [LASALLE_LIST_RULE_HOME_FIELD] = {"home-field", "Home Field Advantage when this army defends"},
    [LASALLE_LIST_RULE_HALF_BATTALION] =
        {"half-battalion", "Half Battalion Deployed: a large SK2+ unit may give 2 bases as SK bases and fight small"},
    [LASALLE_LIST_RULE_RIFLE_VOLLEYS] = {"rifle-volleys", "Rifle Volleys while the unit stays a formed regular unit"},
    [LASALLE_LIST_RULE_ENTRENCHED_START] = {"entrenched-start", "these units may begin the game entrenched"},
    [LASALLE_LIST_RULE_ROCKETS] = {"rockets",
                                   "one artillery unit may be exchanged for a rocket unit once roles are known"},
    [LASALLE_LIST_RULE_HOWITZER_BATTERY] = {"howitzer-battery",
                                            "one artillery unit may be exchanged for a howitzer battery"},
    [LASALLE_LIST_RULE_MASS] = {"mass", "large regular infantry may form Mass (INF vs CAV +2, INF vs INF -2)"},
    [LASALLE_LIST_RULE_SK1_BREAKUP] = {"sk1-breakup", "these SK1 units may break up into SK bases, fewer than usual"},
    [LASALLE_LIST_RULE_VIVA_ESPANA] = {"viva-espana",
                                       "Viva Espana!: a bonus to unpredictable rolls when entrenched or in a town"},
    [LASALLE_LIST_RULE_DRAW_IS_VICTORY] = {"draw-is-victory", "a drawn game is this army's marginal victory"},
    [LASALLE_LIST_RULE_ALLIED_CAVALRY_RESERVE] = {"allied-cavalry-reserve",
                                                  "these states' cavalry brigades join only as reserve choices"},
    [LASALLE_LIST_RULE_ENGINEERS] = {"engineers", "more engineer bases than the usual one"},
};

const char *lasalle_list_theatre_id(int t)
{
    return (t >= 0 && t < LASALLE_LIST_TH_COUNT) ? lasalle_list_theatre_ids[t] : "?";
}

const char *lasalle_list_theatre_name(int t)
{
    return (t >= 0 && t < LASALLE_LIST_TH_COUNT) ? theatre_names[t] : "?";
}

const char *lasalle_list_esprit_name(int e)
{
    return (e >= 0 && e < LASALLE_LIST_ESP_COUNT) ? esprit_names[e] : "?";
}

const char *lasalle_list_discipline_name(int d)
{
    return (d >= 0 && d < LASALLE_LIST_DISC_COUNT) ? disc_names[d] : "?";
}

const char *lasalle_list_tactics_name(int t)
{
    return (t >= 0 && t < LASALLE_LIST_TAC_COUNT) ? lasalle_list_tactics_ids[t] : "?";
}

const char *lasalle_list_weight_name(int w)
{
    return (w >= 0 && w < LASALLE_LIST_W_COUNT) ? lasalle_list_weight_ids[w] : "?";
}

const char *lasalle_list_support_name(int s)
{
    return (s >= 0 && s < LASALLE_LIST_SUP_COUNT) ? lasalle_list_support_ids[s] : "?";
}

const char *lasalle_list_role_name(int r)
{
    return (r >= 0 && r < LASALLE_LIST_ROLE_COUNT) ? lasalle_list_role_ids[r] : "?";
}

const char *lasalle_list_rule_id(int k)
{
    return (k >= 0 && k < LASALLE_LIST_RULE_COUNT) ? rule_info[k].id : "?";
}

const char *lasalle_list_rule_text(int k)
{
    return (k >= 0 && k < LASALLE_LIST_RULE_COUNT) ? rule_info[k].text : "?";
}

int lasalle_list_theatre_find(const char *id)
{
    for (int t = 0; t < LASALLE_LIST_TH_COUNT; t++)
        if (strcmp(id, lasalle_list_theatre_ids[t]) == 0) return t;
    return -1;
}

const char *lasalle_list_join(const char *const *names, int n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < cap; i++) {
        int w = snprintf(buf + len, cap - len, "%s%s", i ? ", " : "", names[i]);
        if (w < 0) break;
        len += (size_t)w;
    }
    return buf;
}

const char *lasalle_list_theatres_text(uint8_t bits, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int t = 0; t < LASALLE_LIST_TH_COUNT && len < cap; t++) {
        if (!((bits >> t) & 1u)) continue;
        int w = snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", lasalle_list_theatre_id(t));
        if (w < 0) break;
        len += (size_t)w;
    }
    return buf;
}

bool lasalle_list_values_irregular(const lasalle_list_values *v)
{
    return v->set && v->discipline == LASALLE_LIST_DISC_IRREGULAR;
}

/* --- the value notation ------------------------------------------------------------------------ */

static bool word_eq(const char *a, size_t n, const char *b)
{
    if (strlen(b) != n) return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i])) return false;
    return true;
}

/* index of the word among the full names or their short forms (plus a few
 * spellings the book also uses), -1 */
static int find_word(const char *w, size_t n, const char *const *full, const char *const *brief, int count)
{
    for (int i = 0; i < count; i++)
        if (word_eq(w, n, full[i]) || (brief && word_eq(w, n, brief[i]))) return i;
    return -1;
}

static int find_trait(const char *w, size_t n)
{
    int t = find_word(w, n, trait_names, NULL, LASALLE_LIST_TRAIT_COUNT);
    if (t >= 0) return t;
    if (word_eq(w, n, "Pur") || word_eq(w, n, "Purst") || word_eq(w, n, "Purst.")) return 1;
    if (word_eq(w, n, "Lancers") || word_eq(w, n, "Lancer")) return 2;
    return -1;
}

int lasalle_list_values_parse(const char *s, lasalle_list_values *out, const char **why)
{
    memset(out, 0, sizeof *out);
    out->sk = -1;
    const char *p = s;
    int field = 0;
    while (1) {
        const char *end = strchr(p, '/');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        while (n && isspace((unsigned char)*p)) p++, n--;
        while (n && isspace((unsigned char)p[n - 1])) n--;
        if (field == 0) {
            int e = find_word(p, n, esprit_names, esprit_short, LASALLE_LIST_ESP_COUNT);
            if (e < 0) return *why = "the esprit (Valiant, Reliable, Shaky or Unpredictable)", -1;
            out->esprit = (uint8_t)e;
        } else if (field == 1) {
            int d = find_word(p, n, disc_names, disc_short, LASALLE_LIST_DISC_COUNT);
            if (d < 0 && word_eq(p, n, "Irreg")) d = LASALLE_LIST_DISC_IRREGULAR;
            if (d < 0) return *why = "the discipline (Experienced, Amateur or Irregular)", -1;
            out->discipline = (uint8_t)d;
        } else if (field == 2 && n == 3 && (p[0] == 'S' || p[0] == 's') && (p[1] == 'K' || p[1] == 'k') &&
                   p[2] >= '0' && p[2] <= '3') {
            out->sk = (int8_t)(p[2] - '0');
        } else {
            int t = find_trait(p, n);
            if (t < 0) return *why = "SK0-SK3 or a trait (Shock, Pursuit, Lance, Guard)", -1;
            if (out->traits & (1u << t)) return *why = "each trait once", -1;
            out->traits |= (uint8_t)(1u << t);
        }
        field++;
        if (!end) break;
        p = end + 1;
    }
    if (field < 2) return *why = "at least Esprit/Discipline", -1;
    out->set = true;
    return 0;
}

const char *lasalle_list_values_text(const lasalle_list_values *v, char *buf, size_t cap)
{
    if (!v->set) {
        snprintf(buf, cap, "-");
        return buf;
    }
    int len = snprintf(buf, cap, "%s/%s", esprit_short[v->esprit % LASALLE_LIST_ESP_COUNT],
                       disc_short[v->discipline % LASALLE_LIST_DISC_COUNT]);
    if (v->sk >= 0 && len >= 0 && (size_t)len < cap) len += snprintf(buf + len, cap - (size_t)len, "/SK%d", v->sk);
    for (int t = 0; t < LASALLE_LIST_TRAIT_COUNT; t++)
        if ((v->traits >> t) & 1u && len >= 0 && (size_t)len < cap)
            len += snprintf(buf + len, cap - (size_t)len, "/%s", trait_names[t]);
    return buf;
}

/* --- names ---------------------------------------------------------------------------------------- */

/* the next letter of a name, lower-cased, with the accented Latin letters of
 * the lists (UTF-8 two-byte forms) read as their plain letter */
static int next_letter(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    if (!*p) return 0;
    if (p[0] == 0xC3 && p[1]) {
        static const char plain[] = "aaaaaaaceeeeiiiidnooooo/ouuuuyty"; /* U+00E0..U+00FF */
        unsigned c = p[1];
        *s += 2;
        if (c >= 0x80 && c <= 0x9F) c += 0x20; /* capitals U+00C0..U+00DF */
        if (c >= 0xA0 && c <= 0xBF) return plain[c - 0xA0];
        return '?';
    }
    *s += 1;
    return tolower(p[0]);
}

bool lasalle_list_name_eq(const char *a, const char *b)
{
    while (1) {
        int x = next_letter(&a), y = next_letter(&b);
        if (x != y) return false;
        if (!x) return true;
    }
}
