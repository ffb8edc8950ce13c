/* repl.c - the typed-command pieces shared by `play` and `assist` (repl.h). */
#include "repl.h"
#include "../engine/core/ruleset.h"
#include "../engine/core/args.h"
#include "session.h"
#include "../ai/explain.h"

#include <ctype.h>
#include <math.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* one pattern per command, matched whole and case-insensitively */
static const struct {
    gr_repl_cmd cmd;
    const char *pattern;
} patterns[] = {
    {GR_CMD_HELP, "(?:help|\\?)"},
    {GR_CMD_LIST, "(?:list|orders|ls)"},
    {GR_CMD_PICK, "#?([0-9]+)"},
    {GR_CMD_UNDO, "undo"},
    {GR_CMD_MAP, "map(?:\\s+(\\S+))?"},
    {GR_CMD_SAVE, "save(?:\\s+(\\S+))?(\\s+\\S.*)?"},
    {GR_CMD_LOAD, "load(?:\\s+(\\S+))?(\\s+\\S.*)?"},
    {GR_CMD_SHOW, "(?:show|status)"},
    {GR_CMD_HINT, "(?:hint|suggest)"},
    {GR_CMD_EDIT, "(?:edit|fix)(?:\\s+(.*))?"},
    {GR_CMD_LOG, "log(?:\\s+(\\S+))?"},
    {GR_CMD_QUIT, "(?:quit|exit)"},
};
#define NPATTERNS ((int)(sizeof patterns / sizeof *patterns))

int gr_repl_init(gr_repl *r, const gr_live *L, FILE *out, gr_error *err)
{
    memset(r, 0, sizeof *r);
    _Static_assert(sizeof r->re / sizeof *r->re >= sizeof patterns / sizeof *patterns, "room for the patterns");
    for (int i = 0; i < NPATTERNS; i++) {
        r->re[i] = gr_regex_compile(patterns[i].pattern, 1, err);
        if (!r->re[i]) {
            gr_repl_free(r);
            return -1;
        }
    }
    const char *names[2];
    gr_game_side_names(&L->g, names);
    gr_narrator_init(&r->nar, names[0], names[1], 0);
    r->out = out;
    r->told = L->log.n;
    return 0;
}

void gr_repl_free(gr_repl *r)
{
    for (size_t i = 0; i < sizeof r->re / sizeof *r->re; i++) gr_regex_free(r->re[i]);
    memset(r, 0, sizeof *r);
}

int gr_repl_read(FILE *in, char *buf, size_t cap, int *too_long)
{
    *too_long = 0;
    size_t n = 0;
    int c, any = 0;
    while ((c = fgetc(in)) != EOF) {
        any = 1;
        if (c == '\n') break;
        if (n + 1 < cap) buf[n++] = (char)c;
        else *too_long = 1;
    }
    if (!any) return 0;
    buf[n] = 0;
    /* trim: blanks, a carriage return, a trailing comment */
    char *hash = strstr(buf, " #");
    if (buf[0] == '#') buf[0] = 0;
    else if (hash) *hash = 0;
    size_t len = strlen(buf);
    while (len && isspace((unsigned char)buf[len - 1])) buf[--len] = 0;
    size_t lead = strspn(buf, " \t\r");
    if (lead) memmove(buf, buf + lead, len - lead + 1);
    return 1;
}

gr_repl_cmd gr_repl_parse(const gr_repl *r, const char *line, char *arg, size_t argcap, char *msg, size_t msgcap)
{
    if (argcap) arg[0] = 0;
    if (msgcap) msg[0] = 0;
    if (!line[0]) return GR_CMD_EMPTY;
    for (size_t i = 0; line[i]; i++)
        if ((unsigned char)line[i] < 0x20 && line[i] != '\t') {
            snprintf(msg, msgcap, "the line holds a control character (byte %u at column %zu)",
                     (unsigned)(unsigned char)line[i], i + 1);
            return GR_CMD_BAD;
        }
    for (int i = 0; i < NPATTERNS; i++) {
        gr_match m;
        int ok = gr_regex_match(r->re[i], line, &m);
        if (ok < 0) {
            snprintf(msg, msgcap, "the line is not valid text (UTF-8)");
            return GR_CMD_BAD;
        }
        if (ok != 1) continue;
        gr_repl_cmd c = patterns[i].cmd;
        if (m.ngroups > 1) gr_match_group(&m, 1, arg, argcap);
        if ((c == GR_CMD_SAVE || c == GR_CMD_LOAD) && m.ngroups > 2 && gr_match_group(&m, 2, NULL, 0) >= 0) {
            snprintf(msg, msgcap, "%s takes one file name (without spaces)", c == GR_CMD_SAVE ? "save" : "load");
            return GR_CMD_BAD;
        }
        if (c == GR_CMD_LOAD && !arg[0]) {
            snprintf(msg, msgcap, "load needs a file: load FILE");
            return GR_CMD_BAD;
        }
        if (c == GR_CMD_EDIT && !arg[0]) {
            snprintf(msg, msgcap, "edit needs a correction, e.g. 'edit u3 at 12 20 facing 90' (help lists them)");
            return GR_CMD_BAD;
        }
        return c;
    }
    return GR_CMD_NONE;
}

void gr_repl_ensure_dir(const char *path)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir) return;
    *slash = 0;
    (void)mkdir(dir, 0755); /* an error shows when the file is written */
}

int gr_repl_number(const char *s, unsigned long long *out) { return gr_arg_ull(s, out); }

int gr_repl_pick_arg(const gr_live *L, const char *arg, gr_action *a)
{
    unsigned long long k;
    char why[256];
    if (gr_repl_number(arg, &k) || k > 100000) {
        printf("refused: '%s' is not an order number\n", arg);
        return -1;
    }
    if (gr_repl_pick(L, (long)k, a, why, sizeof why)) {
        printf("refused: %s\n", why);
        return -1;
    }
    return 0;
}

void gr_repl_map(const gr_live *L, const char *arg, const char *dflt)
{
    gr_error err;
    gr_error_clear(&err);
    const char *p = arg[0] ? arg : dflt;
    gr_repl_ensure_dir(p);
    if (gr_write_map(&L->g, L->st, p, &err)) printf("error: %s\n", err.msg);
    else printf("map: %s\n", p);
}

void gr_repl_log(const gr_live *L)
{
    gr_narrator n;
    const char *names[2];
    gr_game_side_names(&L->g, names);
    gr_narrator_init(&n, names[0], names[1], 0);
    gr_narrate(&n, &L->log, 0, stdout);
}

void gr_repl_now(const gr_live *L, const char *what)
{
    char desc[256];
    L->g.rs->present->describe_decision(L->g.scn, L->st, desc, sizeof desc);
    printf("%s; now: %s\n", what, desc);
}

int gr_repl_forced(const gr_live *L, const char *desc, gr_action *a)
{
    gr_action acts[2];
    if (L->g.rs->rules->legal_actions(L->g.scn, L->st, acts, 2) != 1) return 0;
    char text[160];
    L->g.rs->present->format_action(L->g.scn, L->st, &acts[0], text, sizeof text);
    printf("(%s: the only order is '%s')\n", desc, text);
    *a = acts[0];
    return 1;
}

void gr_repl_prompt(const gr_live *L, const char *who, const char *desc, FILE *out)
{
    char note[256];
    if (gr_live_over(L)) note[0] = '\0';
    else gr_rs_prompt_note(L->g.rs, L->g.scn, L->st, note, sizeof note);
    if (note[0]) fprintf(out, "[%s] %s | %s > ", who, desc, note);
    else fprintf(out, "[%s] %s > ", who, desc);
    fflush(out);
}

int gr_repl_list(const gr_live *L, FILE *out)
{
    const gr_ruleset *rs = L->g.rs;
    if (gr_live_over(L)) {
        fprintf(out, "the game is over\n");
        return 0;
    }
    gr_action *acts = malloc(GR_MAX_ACTIONS * sizeof *acts);
    if (!acts) return 0;
    int n = rs->rules->legal_actions(L->g.scn, L->st, acts, GR_MAX_ACTIONS);
    char desc[256];
    rs->present->describe_decision(L->g.scn, L->st, desc, sizeof desc);
    fprintf(out, "%s: %d order%s\n", desc, n, n == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        char text[160], note[256];
        rs->present->format_action(L->g.scn, L->st, &acts[i], text, sizeof text);
        gr_rs_order_note(rs, L->g.scn, L->st, &acts[i], note, sizeof note);
        if (note[0]) fprintf(out, "  %3d  %-32s (%s)\n", i + 1, text, note);
        else fprintf(out, "  %3d  %s\n", i + 1, text);
    }
    free(acts);
    return n;
}

int gr_repl_pick(const gr_live *L, long pick, gr_action *a, char *msg, size_t cap)
{
    if (gr_live_over(L)) {
        snprintf(msg, cap, "the game is over");
        return -1;
    }
    gr_action *acts = malloc(GR_MAX_ACTIONS * sizeof *acts);
    if (!acts) {
        snprintf(msg, cap, "out of memory");
        return -1;
    }
    int n = L->g.rs->rules->legal_actions(L->g.scn, L->st, acts, GR_MAX_ACTIONS);
    int rc = 0;
    if (pick < 1 || pick > n) {
        snprintf(msg, cap, "there is no order %ld: this decision has %d (1..%d; 'list' shows them)", pick, n, n);
        rc = -1;
    } else {
        *a = acts[pick - 1];
    }
    free(acts);
    return rc;
}

void gr_repl_tell(gr_repl *r, const gr_live *L)
{
    if (r->told > L->log.n) r->told = L->log.n;
    r->told = gr_narrate(&r->nar, &L->log, r->told, r->out);
}

void gr_repl_rewind(gr_repl *r, const gr_live *L) { r->told = L->log.n; }

/* an expected score (1 a win, 1/2 a draw) in words, for the side deciding */
const char *gr_repl_score_words(double v)
{
    if (v >= 0.9) return "winning";
    if (v >= 0.65) return "well ahead";
    if (v >= 0.55) return "a little ahead";
    if (v > 0.45) return "level";
    if (v > 0.35) return "a little behind";
    if (v > 0.1) return "well behind";
    return "losing";
}

/* are the first two alternatives apart by more than their searches can tell? Each mean of a score in
 * [0, 1] over n playouts is uncertain by at most 0.5 / sqrt(n); two apart by less than twice their joint
 * uncertainty, or by less than GR_REPL_HINT_EVEN, are told as equal */
int gr_repl_hint_clear(const gr_analysis *an, double *gap)
{
    if (an->n < 2) return 1;
    const gr_choice_stat *a = &an->alt[0], *b = &an->alt[1];
    *gap = a->value - b->value;
    if (*gap < 0) *gap = -*gap;
    if (a->visits <= 0 || b->visits <= 0) return *gap >= GR_REPL_HINT_EVEN;
    double sa = 0.5 / sqrt((double)a->visits), sb = 0.5 / sqrt((double)b->visits);
    return *gap >= GR_REPL_HINT_EVEN && *gap >= 2 * sqrt(sa * sa + sb * sb);
}

/* what the search found, beyond its choice: a tie within its noise, and how the battle stands */
static void hint_verdict(const gr_live *L, const gr_analysis *an, FILE *out)
{
    const gr_ruleset *rs = L->g.rs;
    double gap = 0;
    if (!gr_repl_hint_clear(an, &gap)) {
        char a[160], b[160];
        rs->present->format_action(L->g.scn, L->st, &an->alt[0].a, a, sizeof a);
        rs->present->format_action(L->g.scn, L->st, &an->alt[1].a, b, sizeof b);
        fprintf(out, "  no clear best: %s and %s are equal within %.2f, less than the search can tell apart\n", a,
                b, gap < 0.01 ? 0.01 : gap);
    }
    fprintf(out, "  as the search sees it, the side deciding is %s (expected score %.2f, a draw 0.50)\n",
            gr_repl_score_words(an->alt[0].value), an->alt[0].value);
}

int gr_repl_hint(const gr_live *L, gr_player *p, unsigned long long seed, FILE *out, gr_error *err)
{
    const gr_ruleset *rs = L->g.rs;
    if (gr_live_over(L)) return gr_error_set(err, "the game is over");
    gr_action a;
    if (p->choose(p, &L->g, L->st, &a, err)) return -1;
    char text[160], desc[256];
    rs->present->describe_decision(L->g.scn, L->st, desc, sizeof desc);
    rs->present->format_action(L->g.scn, L->st, &a, text, sizeof text);
    gr_analysis *an = malloc(sizeof *an);
    int have = an && p->analysis && !p->analysis(p, an);
    gr_explanation ex;
    int explained = !gr_explain(&L->g, L->st, &a, have ? an->alt[0].value : -1, GR_REPL_HINT_SIMS, seed, &ex);
    fprintf(out, "%s\n  %s recommends: %s   (%s)\n", desc, p->name, text, explained ? ex.text : "the only order");
    long total = 0;
    for (int i = 0; have && i < an->n; i++) total += an->alt[i].visits;
    for (int i = 0; have && i < an->n && i < GR_REPL_HINT_ALTS; i++) {
        char at[160];
        rs->present->format_action(L->g.scn, L->st, &an->alt[i].a, at, sizeof at);
        fprintf(out, "     %-40s %5.1f%% of %ld iterations, expected score %.3f\n", at,
                total ? 100.0 * (double)an->alt[i].visits / (double)total : 0.0, an->iterations, an->alt[i].value);
    }
    if (have && an->n > 0) hint_verdict(L, an, out);
    free(an);
    return 0;
}
