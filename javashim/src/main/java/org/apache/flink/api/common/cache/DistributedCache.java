package org.apache.flink.api.common.cache;

import org.apache.flink.annotation.Public;

import java.io.File;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/** Local copies of files registered for a job, by name. */
@Public
public class DistributedCache {

    private final Map<String, File> files;

    public DistributedCache(Map<String, File> files) {
        this.files = Collections.unmodifiableMap(new HashMap<>(files));
    }

    /** The local file registered under the name. */
    public File getFile(String name) {
        File file = files.get(name);
        if (file == null) {
            throw new IllegalArgumentException("File with name '" + name + "' is not available."
                    + " Did you forget to register the file?");
        }
        return file;
    }
}
