/* commands.h - the verbs built into grognard, one function each (argv after
 * the verb); the rulesets' own verbs come through the registry (main.c). */
#ifndef GR_COMMANDS_H
#define GR_COMMANDS_H

int gr_cmd_validate(int argc, char **argv);
int gr_cmd_render(int argc, char **argv);
int gr_cmd_show(int argc, char **argv);
int gr_cmd_run(int argc, char **argv);
int gr_cmd_replay(int argc, char **argv);
int gr_cmd_orders(int argc, char **argv);
int gr_cmd_arena(int argc, char **argv);
/* `grognard arena compare`: two players' games against one opponent, paired by seed and seat (arena_compare.c) */
int gr_cmd_arena_compare(int argc, char **argv);
int gr_cmd_bench(int argc, char **argv);
/* `grognard bench agree`: a search's picks against a deeper search's (bench_agree.c) */
int gr_cmd_bench_agree(int argc, char **argv);
int gr_cmd_suggest(int argc, char **argv);
int gr_cmd_report(int argc, char **argv);
/* `grognard audit`: blunders counted in game records (cmd_audit.c) */
int gr_cmd_audit(int argc, char **argv);
int gr_cmd_tune(int argc, char **argv);
int gr_cmd_play(int argc, char **argv);
int gr_cmd_assist(int argc, char **argv);
int gr_cmd_protocol(int argc, char **argv);
int gr_cmd_serve(int argc, char **argv);
/* `grognard saves [DIR]`: the games and sessions kept there, newest first (saves.c) */
int gr_cmd_saves(int argc, char **argv);

#endif
