package org.ratchet.player.gauntlet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ratchet.player.gamemaster.MatchRecord;
import org.ratchet.player.gamemaster.TournamentResult;
import org.ratchet.player.gamemaster.JsonCodec;
import tools.jackson.databind.JsonNode;

class GauntletResultTest {

    @Test
    void aWinBeatsEveryOpponentAndADrawIsAnythingBetween() {
        assertEquals(1, GauntletResult.score(List.of(100, 0), 0));
        assertEquals(0, GauntletResult.score(List.of(100, 0), 1));
        assertEquals(0.5, GauntletResult.score(List.of(50, 50), 1));
        // Not zero-sum: both score high, but only the relative goal counts.
        assertEquals(1, GauntletResult.score(List.of(90, 80), 0));
        // Three players: first, second, last; a shared first place is half a win against the one tied.
        assertEquals(1, GauntletResult.score(List.of(100, 0, 50), 0));
        assertEquals(0.5, GauntletResult.score(List.of(100, 0, 50), 2));
        assertEquals(0, GauntletResult.score(List.of(100, 0, 50), 1));
        assertEquals(0.75, GauntletResult.score(List.of(100, 100, 0), 1));
    }

    @Test
    void figuresFollowTheNewBuildThroughItsSeats() {
        // Player 0 is the new build; seats say who sat in which role.
        TournamentResult matches = tournament(3,
            match(new int[] {0, 1, 2}, List.of(100, 0, 50), "", "", ""),      // new wins
            match(new int[] {1, 2, 0}, List.of(100, 0, 50), "", "TO", ""),    // new second: a draw
            match(new int[] {2, 0, 1}, List.of(100, 0, 50), "", "IL x", ""),  // new last: a loss, one error
            aborted(new int[] {0, 1, 2}));
        GauntletResult result = new GauntletResult();
        GauntletResult.GameRun run = new GauntletResult.GameRun("threes", matches,
            List.of("new", "reference", "reference-2"),
            List.of(new PlayerLogScan(0, 2, "x fallback", new int[] {30, 10, 20}),
                new PlayerLogScan(1, 1, "y too late", new int[] {7}), new PlayerLogScan(0, 0, "", new int[] {5, 9})));
        result.add(run);

        GauntletResult.Figures figures = result.figures(run);
        assertEquals(3, figures.matches(), "the aborted match is not scored");
        assertEquals(1, figures.aborted());
        assertEquals(List.of(1, 1, 1), List.of(figures.wins(), figures.draws(), figures.losses()));
        assertEquals(0.5, figures.estimate().score(), 1e-12);
        assertEquals(50, figures.meanGoal(), 1e-12);
        // The TO belongs to the reference in role 1 of match 2; the IL to the new build in role 1 of match 3.
        assertEquals(1, GauntletResult.errors(run)[0]);
        assertEquals(1, GauntletResult.errors(run)[1]);
        assertEquals(2, result.logs(false).fallback());
        assertEquals(1, result.logs(true).late());
        assertTrue(result.newBuildFaulted());

        List<String> csv = result.toCsv().lines().toList();
        assertEquals(5, csv.size(), "a header and one row per match");
        assertTrue(csv.get(1).startsWith("threes,1,m1,3,role0,100,100 0 50,1.000,W,0,0,true"), csv.get(1));
        assertTrue(csv.get(3).endsWith(",0.000,L,1,0,true"), csv.get(3));
        assertTrue(csv.get(4).endsWith(",,,,0,0,false"), csv.get(4));

        JsonNode json = JsonCodec.MAPPER.readTree(result.toJson(Map.of("matches", 4)));
        assertEquals(4, json.path("settings").path("matches").asInt());
        JsonNode overall = json.path("overall");
        assertEquals(3, overall.path("matches").asInt());
        assertEquals(0.0, overall.path("elo").asDouble(), 1e-9);
        assertEquals(2, json.path("new").path("fallback").asInt());
        assertEquals("threes", json.path("games").get(0).path("game").asString());
        assertEquals(3, json.path("games").get(0).path("matches").asInt());

        assertEquals(3, json.path("games").get(0).path("logs").get(0).path("searchedMoves").asInt());
        assertEquals(20, json.path("games").get(0).path("logs").get(0).path("medianIterations").asInt());

        String table = result.render();
        // The new build's median of 10, 20, 30; the two reference copies' moves together: 5, 7, 9.
        assertTrue(table.lines().anyMatch(line -> line.matches("threes\\s+20\\s+7")), table);
        assertTrue(table.contains("(1 aborted, not counted)"), table);
        assertTrue(table.contains("first in the new build's logs: x fallback"), table);
    }

    /** A game that favours one seat shows in the new build's record per role, in the table and the JSON. */
    @Test
    void theRecordByRoleFollowsTheNewBuildsSeat() {
        // As role0 the new build wins 100-0 and 70-60 and draws 50-50; as role1 it loses 0-100 (one more aborted).
        TournamentResult matches = tournament(2,
            match(new int[] {0, 1}, List.of(100, 0), "", ""),
            match(new int[] {1, 0}, List.of(100, 0), "", ""),
            match(new int[] {0, 1}, List.of(70, 60), "", ""),
            match(new int[] {0, 1}, List.of(50, 50), "", ""),
            aborted(new int[] {1, 0}));
        GauntletResult result = new GauntletResult();
        GauntletResult.GameRun run = new GauntletResult.GameRun("seats", matches, List.of("new", "reference"),
            List.of(PlayerLogScan.NONE, PlayerLogScan.NONE));
        result.add(run);

        GauntletResult.Figures first = GauntletResult.figures(run, "role0");
        assertEquals(List.of(3, 2, 1, 0), List.of(first.matches(), first.wins(), first.draws(), first.losses()));
        assertEquals(220 / 3.0, first.meanGoal(), 1e-9);
        GauntletResult.Figures second = GauntletResult.figures(run, "role1");
        assertEquals(List.of(1, 1, 0, 0, 1), List.of(second.matches(), second.aborted(), second.wins(),
            second.draws(), second.losses()));
        assertEquals(0, GauntletResult.figures(run, "nobody").matches());

        String table = result.render();
        assertTrue(table.lines().anyMatch(line -> line.matches("seats\\s+role0\\s+3\\s+0\\.833\\s+2-1-0\\s+73\\.3")),
            table);
        assertTrue(table.lines().anyMatch(line -> line.matches("seats\\s+role1\\s+1\\s+0\\.000\\s+0-0-1\\s+0\\.0")),
            table);
        JsonNode roles = JsonCodec.MAPPER.readTree(result.toJson(Map.of())).path("games").get(0).path("roles");
        assertEquals("role0", roles.get(0).path("role").asString());
        assertEquals(2, roles.get(0).path("wins").asInt());
        assertEquals("role1", roles.get(1).path("role").asString());
        assertEquals(1, roles.get(1).path("aborted").asInt());
        assertEquals(1, roles.get(1).path("losses").asInt());
    }

    /** With a sequential test, the summary and the JSON give each game's verdict. */
    @Test
    void aRunWithAnSprtGivesEachGamesVerdict() {
        Match[] wins = new Match[23];
        for (int m = 0; m < wins.length; m++) {
            wins[m] = m % 2 == 0 ? match(new int[] {0, 1}, List.of(100, 0), "", "")
                : match(new int[] {1, 0}, List.of(0, 100), "", "");
        }
        GauntletResult result = new GauntletResult(Sprt.of(0, 50));
        result.add(new GauntletResult.GameRun("won", tournament(2, wins), List.of("new", "reference"),
            List.of(PlayerLogScan.NONE, PlayerLogScan.NONE)));
        result.add(new GauntletResult.GameRun("even", tournament(2, match(new int[] {0, 1}, List.of(50, 50), "", "")),
            List.of("new", "reference"), List.of(PlayerLogScan.NONE, PlayerLogScan.NONE)));

        String table = result.render();
        assertTrue(table.contains("SPRT, +50 against +0 Elo, errors 5%/5%"), table);
        assertTrue(table.lines().anyMatch(line -> line.startsWith("won ") && line.contains("H1 accepted")), table);
        assertTrue(table.lines().anyMatch(line -> line.startsWith("even ") && line.contains("undecided")), table);
        JsonNode games = JsonCodec.MAPPER.readTree(result.toJson(Map.of())).path("games");
        assertEquals("H1", games.get(0).path("sprt").path("verdict").asString());
        assertEquals("CONTINUE", games.get(1).path("sprt").path("verdict").asString());
        assertTrue(JsonCodec.MAPPER.readTree(new GauntletResult().toJson(Map.of())).path("games").isEmpty());
    }

    @Test
    void aCleanRunHasNoFaults() {
        TournamentResult matches = tournament(2, match(new int[] {0, 1}, List.of(0, 100), "", ""),
            match(new int[] {1, 0}, List.of(0, 100), "", ""));
        GauntletResult result = new GauntletResult();
        result.add(new GauntletResult.GameRun("pair", matches, List.of("new", "reference"),
            List.of(PlayerLogScan.NONE, new PlayerLogScan(3, 0, "late"))));
        assertFalse(result.newBuildFaulted(), "the reference's late moves do not fail the new build");
        assertEquals(List.of(1, 0, 1), List.of(result.overall().wins(), result.overall().draws(),
            result.overall().losses()));
    }

    private record Match(int[] seats, MatchRecord record) {
    }

    private static TournamentResult tournament(int players, Match... matches) {
        List<String> names = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            names.add("p" + p);
        }
        TournamentResult result = new TournamentResult("game", names);
        for (Match match : matches) {
            result.add(match.seats(), match.record());
        }
        return result;
    }

    private int counter;

    private Match match(int[] seats, List<Integer> goals, String... errors) {
        MatchRecord record = record(seats.length);
        record.addErrors(List.of(errors));
        record.markCompleted(goals);
        return new Match(seats, record);
    }

    private Match aborted(int[] seats) {
        MatchRecord record = record(seats.length);
        record.markAborted();
        return new Match(seats, record);
    }

    private MatchRecord record(int roles) {
        List<String> roleNames = new ArrayList<>();
        for (int r = 0; r < roles; r++) {
            roleNames.add("role" + r);
        }
        counter++;
        return new MatchRecord("m" + counter, "token", 0, 10, 5, "game", "", roleNames, roleNames);
    }
}
