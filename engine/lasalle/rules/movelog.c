/* movelog.c - Activity moves told in words (movelog.h). */
#include "movelog.h"
#include "ground.h"
#include "tables.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void lasalle_fmt_bw(char *buf, size_t cap, double bw)
{
    if (fabs(bw) < 0.005) bw = 0; /* never "-0" */
    snprintf(buf, cap, "%.2f", bw);
    /* trim trailing zeros: "2.00" -> "2", "1.50" -> "1.5" */
    char *dot = strchr(buf, '.');
    if (!dot) return;
    char *end = buf + strlen(buf) - 1;
    while (end > dot && *end == '0') *end-- = 0;
    if (end == dot) *end = 0;
}

static void add(char *buf, size_t cap, const char *fmt, const char *a, const char *b)
{
    size_t n = strlen(buf);
    if (n >= cap) return;
    snprintf(buf + n, cap - n, fmt, a, b);
}

static void segments(const gr_action *a, char *buf, size_t cap)
{
    char d[32], w[32];
    if (a->type == LASALLE_A_OBLIQUE) {
        lasalle_fmt_bw(d, sizeof d, a->p[0]);
        lasalle_fmt_bw(w, sizeof w, fabs(a->p[1]));
        add(buf, cap, ", obliques %s BW forward", d, "");
        add(buf, cap, " and %s BW to the %s", w, a->p[1] < 0 ? "left" : "right");
        return;
    }
    if (a->type == LASALLE_A_FLANK) {
        lasalle_fmt_bw(d, sizeof d, fabs(a->p[0]));
        add(buf, cap, ", moves %s BW by the flank to the %s", d, a->p[0] < 0 ? "left" : "right");
        return;
    }
    if (a->type == LASALLE_A_CROSS) {
        add(buf, cap, ", crosses the obstacle%s%s", a->p[0] != 0 ? ", wheeling to line up with it" : "", "");
        return;
    }
    for (int k = 0; k < 2; k++) {
        float wheel = a->p[2 * k], dist = a->p[2 * k + 1];
        if (wheel != 0) {
            lasalle_fmt_bw(w, sizeof w, fabs(wheel));
            add(buf, cap, ", wheels %s degrees %s", w, wheel > 0 ? "left" : "right");
        }
        if (dist != 0) {
            lasalle_fmt_bw(d, sizeof d, fabs(dist));
            add(buf, cap, dist > 0 ? ", moves %s BW%s" : ", retires %s BW%s", d, "");
        }
    }
}

void lasalle_move_log(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_action *a,
                      const lasalle_plan *pl, gr_log *log)
{
    if (!log) return;
    if (st->u[i].form == LASALLE_TOWN) {
        gr_rect h = lasalle_pose_hull(&s->units[i], pl->sw.end);
        int k = lasalle_town_of(s, &h);
        gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s moves into the town base %s and stays Deployed(Town) "
                   "(G, p.70)", s->units[i].name, k >= 0 ? s->terrain.p[k].name : "?");
        return;
    }
    char buf[GR_EVENT_TEXT] = "", amt[32];
    snprintf(buf, sizeof buf, "%s", s->units[i].name);
    lasalle_fmt_bw(amt, sizeof amt, pl->allowance);
    if (pl->prelude == 2) add(buf, sizeof buf, " about-faces (%s: %s BW left)", lasalle_fct_names[pl->verdict], amt);
    else if (pl->prelude == 1) {
        add(buf, sizeof buf, " changes to %s", lasalle_form_names[pl->start.form], "");
        add(buf, sizeof buf, " (%s: %s BW left)", lasalle_fct_names[pl->verdict], amt);
    }
    segments(a, buf, sizeof buf);
    if (pl->sw.meets & LASALLE_MEETS_ROUGH) add(buf, sizeof buf, " through rough ground%s%s", "", "");
    gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s", buf);
}
