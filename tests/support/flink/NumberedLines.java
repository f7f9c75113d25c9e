import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.serialization.SimpleStringEncoder;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * A bounded Flink job for the session-cluster tests: writes "line-0" .. "line-(n-1)" through
 * Flink's FileSink, pausing after each record so that a TaskManager can be killed mid-job.
 *
 * Arguments: n, pause in milliseconds per record, output folder.
 */
public class NumberedLines {
    public static void main(String[] args) throws Exception {
        long n = Long.parseLong(args[0]);
        long pauseMs = Long.parseLong(args[1]);
        String output = args[2];
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.fromSequence(0, n - 1)
            .map(new MapFunction<Long, String>() {
                @Override
                public String map(Long value) throws Exception {
                    Thread.sleep(pauseMs);
                    return "line-" + value;
                }
            })
            .sinkTo(FileSink.forRowFormat(new Path(output), new SimpleStringEncoder<String>("UTF-8")).build());
        env.execute("numbered-lines");
    }
}
