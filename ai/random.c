/* random.c - the random player: uniform over the legal actions, drawn as
 * the engine's uniform random chooser draws (engine/core/play.h: the cheap
 * candidates drawn from without replacement, only what is drawn checked). */
#include "player.h"
#include "spec.h"

static int random_choose(gr_player *self, const gr_game *g, const void *state, gr_action *out, gr_error *err)
{
    return gr_play_uniform_choose(self->impl, g, state, out, err);
}

gr_player *gr_random_create(gr_spec *sp, const gr_game *g, unsigned long long seed, gr_error *err)
{
    (void)g;
    if (gr_spec_finish(sp, "none", err)) return NULL;
    gr_player *p = gr_player_alloc(sizeof(gr_play_uniform), "random", err);
    if (!p) return NULL;
    gr_play_uniform_init(p->impl, seed);
    p->choose = random_choose;
    return p;
}
