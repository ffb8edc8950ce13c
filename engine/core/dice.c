/* dice.c - where every die of a game comes from: the seeded generator, a
 * test's script of faces, or the player's own dice typed in at a prompt;
 * d6 and dice of any other number of faces (2..GR_DICE_MAX_FACES) alike.
 * The d6 keeps its own messages, so a d6 prompt or refusal reads exactly as
 * it always has. A failure (script used up, bad or missing manual input) is sticky: once
 * `failed` is set every later roll returns 0 too, and the first message is
 * kept, so the ruleset can abandon the action and the caller report why. */
#include "dice.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* How many times a manual roll asks again after input that is not dice. */
#define GR_DICE_MANUAL_TRIES 3
/* Longest token accepted as a die face ("6", "+6", "06" are fine). */
#define GR_DICE_TOKEN_MAX 16

static void dice_reset(gr_dice *d, gr_dice_kind kind)
{
    memset(d, 0, sizeof *d);
    d->kind = kind;
    d->side = -1;
}

void gr_dice_init_rng(gr_dice *d, unsigned long long seed, unsigned long long stream)
{
    dice_reset(d, GR_DICE_RNG);
    gr_rng_seed(&d->rng, (uint64_t)seed, (uint64_t)stream);
}

void gr_dice_init_script(gr_dice *d, const int *faces, int n)
{
    dice_reset(d, GR_DICE_SCRIPT);
    d->script = faces;
    d->nscript = (faces && n > 0) ? n : 0;
}

void gr_dice_init_manual(gr_dice *d, FILE *in, FILE *out)
{
    dice_reset(d, GR_DICE_MANUAL);
    d->in = in;
    d->out = out;
}

void gr_dice_set_log(gr_dice *d, gr_log *log)
{
    if (d) d->log = log;
}

static int dice_fail(gr_dice *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int dice_fail(gr_dice *d, const char *fmt, ...)
{
    if (!d->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(d->fail_msg, sizeof d->fail_msg, fmt, ap);
        va_end(ap);
        d->failed = 1;
    }
    return 0;
}

/* Reads one whitespace-separated token into tok. Returns 1 with a token
 * (*nl set when the character ending it was a newline), 0 at end of input,
 * or -1 for a token too long to be a face (consumed, still a bad token). */
static int read_token(FILE *in, char *tok, size_t cap, int *nl)
{
    int c;
    *nl = 0;
    do {
        c = fgetc(in);
    } while (c != EOF && isspace(c));
    if (c == EOF) return 0;
    size_t len = 0;
    int too_long = 0;
    while (c != EOF && !isspace(c)) {
        if (len + 1 < cap)
            tok[len++] = (char)c;
        else
            too_long = 1;
        c = fgetc(in);
    }
    tok[len] = '\0';
    if (c == '\n') *nl = 1;
    return too_long ? -1 : 1;
}

/* A whole number from a token: 1 with it in *out, else 0. */
static int parse_whole(const char *tok, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(tok, &end, 10);
    if (errno || end == tok || *end != '\0') return 0;
    *out = v;
    return 1;
}

/* A die face 1..faces from a token, or 0. */
static int parse_face(const char *tok, int faces)
{
    long v;
    if (!parse_whole(tok, &v) || v < 1 || v > faces) return 0;
    return (int)v;
}

/* Tells the player why a token is no face of the die: a number names the
 * die ("7 is not a face of a d6"), anything else is quoted. */
static void say_bad_face(gr_dice *d, const char *tok, int too_long, int faces, int n)
{
    if (!d->out) return;
    long v;
    if (!too_long && parse_whole(tok, &v))
        fprintf(d->out, "%ld is not a face of a d%d; type %d number%s from 1 to %d\n", v, faces, n,
                n == 1 ? "" : "s", faces);
    else
        fprintf(d->out, "'%s%s' is not a die face; type %d number%s from 1 to %d\n", tok, too_long ? "..." : "", n,
                n == 1 ? "" : "s", faces);
    fflush(d->out);
}

/* Reads to the end of the line; 1 when only blanks were there, else 0. */
static int rest_of_line_blank(FILE *in)
{
    int c, blank = 1;
    while ((c = fgetc(in)) != EOF && c != '\n')
        if (!isspace(c)) blank = 0;
    return blank;
}

static void skip_line(FILE *in)
{
    int c;
    do {
        c = fgetc(in);
    } while (c != EOF && c != '\n');
}

/* Asks the player for n dice of `faces` faces; 1 with faces in out, or 0
 * (failed set). */
static int manual_draw(gr_dice *d, int faces, int n, int *out, const char *what, const char *purpose)
{
    if (!d->in) return dice_fail(d, "no input to read the dice for %s from", purpose);
    for (int attempt = 0; attempt < GR_DICE_MANUAL_TRIES; attempt++) {
        if (d->out) {
            fprintf(d->out, "%s %dd%d for %s: ", what, n, faces, purpose);
            fflush(d->out);
        }
        int got = 0, bad = 0, nl = 0;
        while (got < n) {
            char tok[GR_DICE_TOKEN_MAX];
            int r = read_token(d->in, tok, sizeof tok, &nl);
            if (r == 0)
                return dice_fail(d, "end of input after %d of %d dice while rolling for %s",
                                 got, n, purpose);
            if (r > 0 && (!strcasecmp(tok, "cancel") || !strcasecmp(tok, "undo"))) {
                /* the player takes the order back: it fails and the caller
                 * leaves the position as it was */
                if (!nl) skip_line(d->in);
                return dice_fail(d, "cancelled at the roll for %s: the order is not carried out", purpose);
            }
            int face = r > 0 ? parse_face(tok, faces) : 0;
            if (!face) {
                say_bad_face(d, tok, r < 0, faces, n);
                if (!nl) skip_line(d->in);
                bad = 1;
                break;
            }
            out[got++] = face;
            if (nl && got < n && d->out) {
                /* the line ended short: ask for the rest */
                fprintf(d->out, "%d more for %s: ", n - got, purpose);
                fflush(d->out);
            }
        }
        /* the line that completed the roll must end there: extra faces are
         * a mistake, not the start of the next answer */
        if (!bad && !nl && rest_of_line_blank(d->in) == 0) {
            if (d->out) {
                fprintf(d->out, "more than %d number%s on the line; type the roll again\n", n, n == 1 ? "" : "s");
                fflush(d->out);
            }
            bad = 1;
        }
        if (!bad) {
            if (d->echo && d->out) {
                for (int i = 0; i < n; i++) fprintf(d->out, "%s%d", i ? " " : "", out[i]);
                fprintf(d->out, "\n");
            }
            return 1;
        }
    }
    return dice_fail(d, "no valid dice after %d tries while rolling for %s",
                     GR_DICE_MANUAL_TRIES, purpose);
}

/* A script entry that is no face of the die rolled. */
static int script_bad_face(gr_dice *d, int at, int f, int faces, const char *purpose)
{
    if (faces == 6)
        return dice_fail(d, "dice script entry %d is %d, not a face 1..6 (rolling for %s)", at + 1, f, purpose);
    return dice_fail(d, "dice script entry %d is %d, not a face of a d%d (1..%d) (rolling for %s)", at + 1, f, faces,
                     faces, purpose);
}

/* Draws n dice of `faces` faces into out without logging; 1 on success, 0
 * on failure. The generator draws one number below `faces` per die, so a
 * d6 is the draw it has always been. */
static int draw(gr_dice *d, int faces, int n, int *out, const char *what, const char *purpose)
{
    switch (d->kind) {
    case GR_DICE_RNG:
        for (int i = 0; i < n; i++) out[i] = 1 + (int)gr_rng_below(&d->rng, (uint32_t)faces);
        return 1;
    case GR_DICE_SCRIPT:
        for (int i = 0; i < n; i++) {
            int at = d->pos + i;
            if (at >= d->nscript)
                return dice_fail(d, "dice script exhausted after %d dice while rolling for %s",
                                 d->nscript, purpose);
            int f = d->script[at];
            if (f < 1 || f > faces) return script_bad_face(d, at, f, faces, purpose);
            out[i] = f;
        }
        d->pos += n;
        return 1;
    case GR_DICE_MANUAL:
        return manual_draw(d, faces, n, out, what, purpose);
    }
    return dice_fail(d, "unknown dice kind %d", (int)d->kind);
}

int gr_dice_roll_dn(gr_dice *d, int faces, int n, int *out, const char *purpose)
{
    if (!d) return 0;
    if (!purpose) purpose = "a roll";
    if (d->failed) return 0;
    if (faces < 2 || faces > GR_DICE_MAX_FACES)
        return dice_fail(d, "cannot roll dice of %d faces for %s (a die has 2..%d faces)", faces, purpose,
                         GR_DICE_MAX_FACES);
    if (!out || n < 1 || n > GR_DICE_MAX_PER_ROLL)
        return dice_fail(d, "cannot roll %d dice for %s (1..%d per roll)", n, purpose,
                         GR_DICE_MAX_PER_ROLL);
    int got[GR_DICE_MAX_PER_ROLL];
    if (!draw(d, faces, n, got, "roll", purpose)) return 0;
    memcpy(out, got, (size_t)n * sizeof *got);
    d->rolled += n;
    if (faces == 6) gr_log_roll(d->log, d->side, purpose, got, n);
    else gr_log_roll_dn(d->log, d->side, purpose, got, n, faces);
    return n;
}

int gr_dice_roll(gr_dice *d, int n, int *out, const char *purpose)
{
    return gr_dice_roll_dn(d, 6, n, out, purpose);
}

int gr_dice_d6(gr_dice *d, const char *purpose)
{
    int f;
    return gr_dice_roll(d, 1, &f, purpose) ? f : 0;
}

int gr_dice_dn(gr_dice *d, int faces, const char *purpose)
{
    int f;
    return gr_dice_roll_dn(d, faces, 1, &f, purpose) ? f : 0;
}

int gr_dice_reroll(gr_dice *d, int *faces, const int *idx, int nidx, const char *purpose)
{
    if (!d) return 0;
    if (!purpose) purpose = "a roll";
    if (d->failed) return 0;
    if (nidx == 0) return 0;
    if (!faces || !idx || nidx < 0 || nidx > GR_DICE_MAX_PER_ROLL)
        return dice_fail(d, "cannot re-roll %d dice for %s (1..%d per roll)", nidx, purpose,
                         GR_DICE_MAX_PER_ROLL);
    for (int i = 0; i < nidx; i++)
        if (idx[i] < 0 || idx[i] >= GR_DICE_MAX_PER_ROLL)
            return dice_fail(d, "cannot re-roll die %d of a roll for %s", idx[i], purpose);
    int fresh[GR_DICE_MAX_PER_ROLL];
    if (!draw(d, 6, nidx, fresh, "re-roll", purpose)) return 0;
    for (int i = 0; i < nidx; i++) faces[idx[i]] = fresh[i];
    d->rolled += nidx;
    if (d->log) {
        char what[GR_EVENT_TEXT];
        snprintf(what, sizeof what, "re-roll %s", purpose);
        gr_log_roll(d->log, d->side, what, fresh, nidx);
    }
    return nidx;
}
