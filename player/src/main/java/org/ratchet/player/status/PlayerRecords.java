package org.ratchet.player.status;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.TimeZone;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.player.gamemaster.MatchRecord;

/**
 * The records of the player's own matches, one JSON file per match in {@code records.dir}, named
 * {@code TIME-MATCHID.json} (UTC time, the id reduced to safe characters) so that names sort by age. At most
 * {@code records.keep} files are kept: writing one deletes the oldest beyond that. Files are read back only by
 * a name this class listed, so a request can never name a file outside the folder.
 */
public final class PlayerRecords {
    private static final Logger LOG = LogManager.getLogger(PlayerRecords.class);
    /** The only names served: what {@link #write} makes. */
    private static final Pattern NAME = Pattern.compile("[0-9]{8}-[0-9]{6}-[A-Za-z0-9._-]{1,80}\\.json");
    /** A record bigger than this is not served (a record of a normal match is a few hundred kilobytes). */
    static final long MAX_SERVED_BYTES = 64L << 20;

    private final Path folder;
    private final int keep;

    public PlayerRecords(Path folder, int keep) {
        this.folder = folder;
        this.keep = keep;
    }

    /** The file name the record is written under, or null if no records are kept. */
    String nameFor(MatchRecord record) {
        if (keep == 0) {
            return null;
        }
        SimpleDateFormat time = new SimpleDateFormat("yyyyMMdd-HHmmss");
        time.setTimeZone(TimeZone.getTimeZone("UTC"));
        String id = record.matchId().replaceAll("[^A-Za-z0-9._-]", "_");
        if (id.isEmpty() || id.startsWith(".")) {
            id = "match" + id;
        }
        return time.format(new Date(record.startTime())) + "-" + id.substring(0, Math.min(80, id.length())) + ".json";
    }

    /** Writes the record under {@code name} (from {@link #nameFor}) and prunes the folder; failures are logged. */
    void write(MatchRecord record, String name) {
        try {
            Files.createDirectories(folder);
            Files.writeString(folder.resolve(name), record.toJson() + "\n", StandardCharsets.UTF_8);
            prune();
            LOG.info("match {}: record written to {}", record.matchId(), folder.resolve(name));
        } catch (IOException | RuntimeException e) {
            LOG.warn("match {}: cannot write its record to {}: {}", record.matchId(), folder, e.toString());
        }
    }

    /** The records kept, newest first. */
    public List<String> list() {
        List<String> names = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return names;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "*.json")) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (NAME.matcher(name).matches()) {
                    names.add(name);
                }
            }
        } catch (IOException e) {
            LOG.warn("cannot list the match records in {}: {}", folder, e.toString());
        }
        names.sort(java.util.Comparator.reverseOrder());
        return names;
    }

    /** The record's JSON text, or null if {@code name} is not a record kept here (or it is too big to serve). */
    public String read(String name) {
        if (!NAME.matcher(name).matches() || !list().contains(name)) {
            return null;
        }
        Path file = folder.resolve(name);
        try {
            if (Files.size(file) > MAX_SERVED_BYTES) {
                return null;
            }
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    private void prune() throws IOException {
        List<String> names = list();
        for (String old : names.subList(Math.min(keep, names.size()), names.size())) {
            Files.deleteIfExists(folder.resolve(old));
        }
    }
}
