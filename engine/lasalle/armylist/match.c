/* match.c - fitting an army's units to the lines of a composition: a core
 * list with (when attacking) its attacker's bonus, or a support brigade.
 * Each unit goes on a line that takes its type (or an "or" alternate) and
 * its size; the checker then compares each line's count with the book's
 * and the generator expands lines into units. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

bool lasalle_list_item_takes(const lasalle_list_item *it, const lasalle_list_slot *u, bool *alt)
{
    *alt = false;
    if (u->type < 0 || it->kind != u->kind) return false;
    if (it->kind == LASALLE_LIST_ITEM_BATTERY) return it->type == u->type;
    if (it->large != u->large) return false;
    if (it->type == u->type) return true;
    for (int k = 0; k < it->nalts; k++)
        if (it->alts[k] == u->type) return *alt = true;
    return false;
}

void lasalle_list_match_units(const lasalle_list_item *items, int nitems, const lasalle_list_slot *u, int nu,
                              lasalle_list_match *m)
{
    memset(m, 0, sizeof *m);
    for (int i = 0; i < nu; i++) m->line[i] = -1;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < nu; i++) {
            if (m->line[i] >= 0) continue;
            for (int k = 0; k < nitems; k++) {
                bool alt;
                if (!lasalle_list_item_takes(&items[k], &u[i], &alt)) continue;
                if (pass == 0 && m->have[k] >= items[k].n) continue;
                m->line[i] = k;
                m->have[k]++;
                if (alt) m->alts[k]++;
                break;
            }
        }
}

const char *lasalle_list_item_text(const lasalle_list_nation *N, const lasalle_list_item *it, int n, char *buf,
                                   size_t cap)
{
    if (it->kind == LASALLE_LIST_ITEM_SK) {
        snprintf(buf, cap, "%d SK base%s", n, n == 1 ? "" : "s");
        return buf;
    }
    if (it->kind == LASALLE_LIST_ITEM_BATTERY) {
        snprintf(buf, cap, "%d %s", n, N->batteries[it->type].name);
        return buf;
    }
    const char *plus = it->large ? " (+)" : "";
    int len = snprintf(buf, cap, "%d %s%s", n, N->units[it->type].name, plus);
    for (int k = 0; k < it->nalts && len >= 0 && (size_t)len < cap; k++)
        len += snprintf(buf + len, cap - (size_t)len, " or %s%s", N->units[it->alts[k]].name, plus);
    return buf;
}

bool lasalle_list_item_same(const lasalle_list_item *a, const lasalle_list_item *b)
{
    if (a->kind != b->kind || a->type != b->type || a->large != b->large || a->nalts != b->nalts) return false;
    for (int k = 0; k < a->nalts; k++)
        if (a->alts[k] != b->alts[k]) return false;
    return true;
}

int lasalle_list_core_lines(const lasalle_list_core *c, bool attacker, lasalle_list_item *out, int max)
{
    int n = 0;
    for (int i = 0; i < c->nitems && n < max; i++)
        if (c->items[i].kind != LASALLE_LIST_ITEM_SK) out[n++] = c->items[i];
    for (int i = 0; attacker && i < c->nbonus; i++) {
        int k = 0;
        while (k < n && !lasalle_list_item_same(&out[k], &c->bonus[i])) k++;
        if (k < n)
            out[k].n = (uint8_t)(out[k].n + c->bonus[i].n);
        else if (n < max)
            out[n++] = c->bonus[i];
    }
    return n;
}
