package org.apache.flink.api.common.externalresource;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Collection;
import java.util.Optional;

/** Information about one external resource (e.g. a GPU) available to a function. */
@PublicEvolving
public interface ExternalResourceInfo {

    Optional<String> getProperty(String key);

    Collection<String> getKeys();
}
