package org.apache.flink.metrics;

import org.apache.flink.annotation.Public;

/** A non-thread-safe {@link Counter}. */
@Public
public class SimpleCounter implements Counter {

    private long count;

    @Override
    public void inc() {
        count++;
    }

    @Override
    public void inc(long n) {
        count += n;
    }

    @Override
    public void dec() {
        count--;
    }

    @Override
    public void dec(long n) {
        count -= n;
    }

    @Override
    public long getCount() {
        return count;
    }
}
