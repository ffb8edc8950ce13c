/* main.c - the grognard command: picks the verb and hands over, to one of
 * its own (commands.h) or to a ruleset's (the verbs of each ruleset in the
 * registry, run with the SVG map writer as their host); `grognard help`
 * lists both. */
#include "commands.h"
#include "session.h"
#include "../engine/registry.h"

#include <stdio.h>
#include <string.h>

/* what the rulesets' verbs may ask of this program */
static const gr_host cli_host = {.write_map = gr_write_map};

static void usage(FILE *out)
{
    fprintf(out,
            "grognard - Napoleonic wargames rules engine and AI\n\n"
            "usage: grognard VERB [ARGS]   (grognard VERB --help: its options)\n"
            "  run [SCENARIO] [--players A,B] [--seed N] [--moves N] [--record FILE] [--out DIR]\n"
            "                                    a whole battle told as it goes (default: MCTS against MCTS)\n"
            "  play SCENARIO|SAVE --side S [--ai SPEC | --level easy|normal|hard]\n"
            "                                    a game against the AI at the keyboard\n"
            "  assist SCENARIO|SESSION [--side S] the tabletop assistant: your orders, your dice, corrections\n"
            "  saves [DIR]                       the games of play and sessions of assist kept (default out/)\n"
            "  protocol                          a line protocol for other programs (docs/protocol.md)\n"
            "  serve [--port N]                  the web page to play on: open the address it prints (docs/web.md)\n"
            "  validate FILE...                  check scenario files (paths or http(s) URLs)\n"
            "  render FILE --svg OUT.svg         draw the table\n"
            "  show FILE                         text summary of a scenario\n"
            "  orders FILE                       the legal orders of the first decision\n"
            "  replay RECORD [--svg OUT.svg]     re-apply a game record and tell the battle\n"
            "  suggest POSITION --side S [--ms N | --iters N] [--json]\n"
            "                                    the orders the AI recommends for a side's turn, and why\n"
            "  arena [SCENARIO] --players A,B[,C] --games N [--seed S] [--out FILE] [--records DIR] [--shard I/N] [--sprt E0,E1]\n"
            "                                    a tournament between players, with confidence intervals\n"
            "  arena merge FILE... [--out FILE]  combine the results of shards\n"
            "  arena compare FILE... --against FILE... [--opponent SPEC]\n"
            "                                    two players against one opponent, game by game on the same seeds\n"
            "  report FILE... --out DIR          a Markdown page with charts from arena results\n"
            "  audit RECORD|DIR... [--json]      moves a player would laugh at, counted in game records\n"
            "  tune [SCENARIO] --players A,B --games N --out W.json\n"
            "  tune --records FOLDER [--records ...] --out W.json\n"
            "                                    fit the evaluation weights to the results of games played or recorded\n"
            "  bench [SCENARIO] [--json]         speed: state size, clones, legal orders, games/s, MCTS iterations/s\n"
            "  bench agree RECORD... --players SPECS [--oracle SPEC]\n"
            "                                    how often a search picks what a deeper one picks, and its regret\n");
    for (int r = 0; r < gr_ruleset_count(); r++) {
        const gr_ruleset *rs = gr_ruleset_at(r);
        if (!rs->verbs || !rs->verbs[0].name) continue;
        fprintf(out, "the verbs of %s (%s; also as grognard %s VERB):\n", rs->name, rs->title, rs->name);
        for (const gr_verb *v = rs->verbs; v->name; v++) fprintf(out, "  %-8s %s\n", v->name, v->summary);
    }
    fprintf(out, "players: random, greedy[:samples=N], doctrine:columns, doctrine:line,\n"
                 "         mcts[:iters=N|ms=N|dms=N,threads=N,...], naive[:iters=N|ms=N]\n");
}

/* the verb named so of one ruleset, or NULL */
static const gr_verb *verb_of(const gr_ruleset *rs, const char *name)
{
    for (const gr_verb *v = rs->verbs; v && v->name; v++)
        if (!strcmp(v->name, name)) return v;
    return NULL;
}

/* the verb named so of the first ruleset in the registry that has one, or NULL */
static const gr_verb *ruleset_verb(const char *name)
{
    for (int r = 0; r < gr_ruleset_count(); r++) {
        const gr_verb *v = verb_of(gr_ruleset_at(r), name);
        if (v) return v;
    }
    return NULL;
}

/* `grognard RULESET VERB ...`: a ruleset's own verb named with its ruleset,
 * for verbs that more than one ruleset has (each has its army lists) */
static int qualified_verb(const gr_ruleset *rs, int argc, char **argv)
{
    const gr_verb *v = argc >= 3 ? verb_of(rs, argv[2]) : NULL;
    if (v) return v->run(argc - 2, argv + 2, &cli_host);
    fprintf(stderr, "grognard %s: %s%s%s; the verbs of %s:", rs->name, argc >= 3 ? "no verb '" : "a verb is needed",
            argc >= 3 ? argv[2] : "", argc >= 3 ? "'" : "", rs->title);
    for (const gr_verb *w = rs->verbs; w && w->name; w++) fprintf(stderr, " %s", w->name);
    fprintf(stderr, "%s\n", rs->verbs && rs->verbs[0].name ? "" : " none");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    static const struct { const char *name; int (*fn)(int, char **); } verbs[] = {
        {"run", gr_cmd_run},       {"validate", gr_cmd_validate}, {"render", gr_cmd_render},
        {"show", gr_cmd_show},     {"replay", gr_cmd_replay},     {"orders", gr_cmd_orders},
        {"arena", gr_cmd_arena},   {"bench", gr_cmd_bench},       {"suggest", gr_cmd_suggest},
        {"report", gr_cmd_report}, {"tune", gr_cmd_tune},         {"play", gr_cmd_play},
        {"assist", gr_cmd_assist}, {"protocol", gr_cmd_protocol}, {"serve", gr_cmd_serve}, {"saves", gr_cmd_saves},
        {"audit", gr_cmd_audit},
    };
    for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++)
        if (!strcmp(argv[1], verbs[i].name)) return verbs[i].fn(argc - 2, argv + 2);
    const gr_ruleset *rs = gr_ruleset_find(argv[1]);
    if (rs) return qualified_verb(rs, argc, argv);
    const gr_verb *v = ruleset_verb(argv[1]);
    if (v) return v->run(argc - 1, argv + 1, &cli_host);
    fprintf(stderr, "grognard: unknown verb '%s'\n\n", argv[1]);
    usage(stderr);
    return 2;
}
