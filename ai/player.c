/* player.c - making players from spec strings and the small things every
 * player shares (player.h). */
#include "player.h"
#include "spec.h"
#include "tree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

gr_player *gr_player_alloc(size_t impl_size, const char *name, gr_error *err)
{
    gr_player *p = calloc(1, sizeof *p);
    void *impl = impl_size ? calloc(1, impl_size) : NULL;
    if (!p || (impl_size && !impl)) {
        free(p);
        free(impl);
        gr_error_set(err, "out of memory");
        return NULL;
    }
    snprintf(p->name, sizeof p->name, "%s", name);
    p->impl = impl;
    return p;
}

gr_player *gr_player_create(const char *spec, const gr_game *g, unsigned long long seed, gr_error *err)
{
    if (gr_remote_spec(spec)) {
        gr_player *r = gr_remote_create(spec, g, seed, err);
        if (r) snprintf(r->name, sizeof r->name, "%s", spec);
        return r;
    }
    gr_spec sp;
    if (gr_spec_parse(spec, &sp, err)) {
        gr_error_prefix(err, "(known players: %s) ", GR_PLAYERS_KNOWN);
        return NULL;
    }
    gr_player *p = NULL;
    if (!strcmp(sp.name, "random")) p = gr_random_create(&sp, g, seed, err);
    else if (!strcmp(sp.name, "greedy")) p = gr_greedy_create(&sp, g, seed, err);
    else if (!strcmp(sp.name, "doctrine")) p = gr_doctrine_create(&sp, g, seed, err);
    else if (!strcmp(sp.name, "mcts")) p = gr_mcts_create(&sp, g, seed, err);
    else if (!strcmp(sp.name, "naive")) p = gr_naive_create(&sp, g, seed, err);
    else {
        gr_error_set(err, "unknown player '%s' (known players: %s)", spec, GR_PLAYERS_KNOWN);
        return NULL;
    }
    if (p) snprintf(p->name, sizeof p->name, "%s", spec);
    return p;
}

void gr_player_free(gr_player *p)
{
    if (!p) return;
    if (p->destroy) p->destroy(p);
    free(p->impl);
    free(p);
}

int gr_player_pair_create(const char *spec, const gr_game *g, unsigned long long seed, gr_player *out[2],
                          gr_error *err)
{
    out[0] = out[1] = NULL;
    char specs[3][GR_SPEC_TEXT];
    int n = gr_spec_split(spec, specs, 3, err);
    if (n < 0) return -1;
    if (n != 2) return gr_error_set(err, "two players separated by a comma are needed, e.g. mcts,random");
    out[0] = gr_player_create(specs[0], g, seed * 2 + 1, err);
    if (out[0]) out[1] = gr_player_create(specs[1], g, seed * 2 + 2, err);
    if (out[1]) return 0;
    gr_player_free(out[0]);
    out[0] = NULL;
    return -1;
}

void gr_player_observe(gr_player *p, const gr_game *g, const void *before, const gr_action *a)
{
    if (p && p->observe) p->observe(p, g, before, a);
}

static int chooser_choose(void *self, const gr_game *g, const void *state, gr_action *out, gr_error *err)
{
    gr_player *p = self;
    return p->choose(p, g, state, out, err);
}

static void chooser_observe(void *self, const gr_game *g, const void *before, const gr_action *a)
{
    gr_player_observe(self, g, before, a);
}

gr_chooser gr_player_chooser(gr_player *p)
{
    return (gr_chooser){.self = p, .name = p->name, .choose = chooser_choose, .observe = chooser_observe};
}

void gr_analysis_add(gr_analysis *an, const gr_action *a, long visits, double value_sum, double prior)
{
    int k = 0;
    while (k < an->n && !gr_action_equal(&an->alt[k].a, a)) k++;
    if (k == an->n) {
        if (an->n >= GR_MAX_ACTIONS) return;
        memset(&an->alt[k], 0, sizeof an->alt[k]);
        an->alt[k].a = *a;
        an->alt[k].prior = prior;
        an->n++;
    }
    an->alt[k].visits += visits;
    an->alt[k].value += value_sum;
}

void gr_analysis_finish(gr_analysis *an)
{
    for (int k = 0; k < an->n; k++)
        an->alt[k].value = an->alt[k].visits ? an->alt[k].value / (double)an->alt[k].visits : 0;
    for (int i = 1; i < an->n; i++) { /* insertion sort, stable */
        gr_choice_stat c = an->alt[i];
        int j = i;
        while (j > 0 && (an->alt[j - 1].visits < c.visits ||
                         (an->alt[j - 1].visits == c.visits && an->alt[j - 1].value < c.value))) {
            an->alt[j] = an->alt[j - 1];
            j--;
        }
        an->alt[j] = c;
    }
}
