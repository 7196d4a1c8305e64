% Runtime for a game translated by check_trace.py: the current state and joint move as dynamic facts,
% a command loop on standard input, and KIF output of terms.
%
% Encoding (shared with check_trace.py): every GDL constant is a Prolog atom (numbers too), a compound
% (f a b) is f(a, b), the zero-argument function term (f) is '$kif0'(f), and GDL relation r is the
% predicate 'g:r'. Every answer line is tab-separated; each command's answer ends with a line "END".

:- module(crosscheck_support, []).

:- dynamic user:cc_true/1, user:cc_does/2.

% Replaces the state (and clears the joint move). Tables depend on both, so every table goes.
set_state(State) :-
    retractall(user:cc_true(_)),
    retractall(user:cc_does(_, _)),
    forall(member(F, State), assertz(user:cc_true(F))),
    abolish_all_tables.

set_joint(Joint) :-
    retractall(user:cc_does(_, _)),
    forall(member(R-M, Joint), assertz(user:cc_does(R, M))),
    abolish_all_tables.

kif(T) :- var(T), !, write('?_').
kif('$kif0'(F)) :- !, format("(~w)", [F]).
kif(T) :- atom(T), !, write(T).
kif(T) :- compound_name_arguments(T, F, Args), format("(~w", [F]),
    forall(member(A, Args), (write(' '), kif(A))), write(')').

answer(Tag, Terms) :-
    write(Tag), forall(member(T, Terms), (write('\t'), kif(T))), nl.

% Each solution of Goal gives one line Tag<TAB>Terms...
answers(Tag, Terms, Goal) :- forall(Goal, answer(Tag, Terms)).

command(roles) :- answers('R', [R], user:'g:role'(R)).
command(init) :- answers('S', [F], user:'g:init'(F)).
% Legal moves, terminal and goals of State.
command(eval(State)) :-
    set_state(State),
    answers('L', [R, M], (user:'g:role'(R), user:'g:legal'(R, M))),
    ( user:'g:terminal' -> answer('T', [true]) ; answer('T', [false]) ),
    answers('G', [R, V], (user:'g:role'(R), user:'g:goal'(R, V))).
% The facts of the state that the last evaluated state and Joint (a list of Role-Move) lead to.
command(next(Joint)) :-
    set_joint(Joint),
    answers('S', [F], user:'g:next'(F)).

run_command(Command) :-
    catch(( command(Command) -> true ; answer('E', [command_failed]) ),
          Error,
          ( format(atom(Text), "~q", [Error]), split_string(Text, "\n\t", "", Parts),
            atomic_list_concat(Parts, ' ', Flat), format("E\t~w~n", [Flat]) )),
    write('END'), nl, flush_output.

:- public main/0.
main :-
    read_term(user_input, Command, []),
    (   Command == end_of_file
    ->  halt(0)
    ;   run_command(Command), main
    ).
