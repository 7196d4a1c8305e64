package org.ratchet.player.gamemaster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class TournamentScheduleTest {

    @Test
    void twoPlayersSwapRoles() {
        List<int[]> schedule = Tournament.schedule(2, 2, 5);
        int[][] expected = {{0, 1}, {1, 0}, {0, 1}, {1, 0}, {0, 1}};
        assertEquals(expected.length, schedule.size());
        for (int i = 0; i < expected.length; i++) {
            assertArrayEquals(expected[i], schedule.get(i));
        }
    }

    @Test
    void threePlayersInATwoRoleGameMeetEveryOpponentOnBothSides() {
        List<int[]> schedule = Tournament.schedule(3, 2, 6);
        int[][] expected = {{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}};
        for (int i = 0; i < expected.length; i++) {
            assertArrayEquals(expected[i], schedule.get(i));
        }
        // Over a full cycle every player holds every role equally often.
        int[][] seatCounts = new int[3][2];
        for (int[] seats : schedule) {
            for (int role = 0; role < seats.length; role++) {
                seatCounts[seats[role]][role]++;
            }
        }
        for (int[] counts : seatCounts) {
            assertArrayEquals(new int[] {2, 2}, counts);
        }
    }

    @Test
    void singleRoleGamesSeatEachPlayerInTurn() {
        List<int[]> schedule = Tournament.schedule(3, 1, 4);
        assertArrayEquals(new int[] {0}, schedule.get(0));
        assertArrayEquals(new int[] {1}, schedule.get(1));
        assertArrayEquals(new int[] {2}, schedule.get(2));
        assertArrayEquals(new int[] {0}, schedule.get(3));
    }

    @Test
    void refusesFewerPlayersThanRoles() {
        assertThrows(IllegalArgumentException.class, () -> Tournament.schedule(1, 2, 4));
    }
}
