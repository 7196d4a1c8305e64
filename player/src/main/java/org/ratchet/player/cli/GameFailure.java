package org.ratchet.player.cli;

import java.nio.file.NoSuchFileException;

/** One-line descriptions of why a game could not be loaded or run, for the commands that process games. */
final class GameFailure {
    private GameFailure() {
    }

    static String describe(Throwable failure) {
        if (failure instanceof NoSuchFileException) {
            return "no such file";
        }
        if (failure instanceof StackOverflowError) {
            return "the rules nest too deeply for the thread stack (raise -Xss)";
        }
        String message = failure.getMessage();
        return message == null || message.isBlank() ? failure.getClass().getSimpleName() : message;
    }
}
