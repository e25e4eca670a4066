package org.apache.flink.table.functions;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.types.inference.TypeInference;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * Base class of all user-defined functions: the logical definition ({@link FunctionDefinition})
 * plus a runtime implementation with an {@link #open}/{@link #close} lifecycle.
 */
@PublicEvolving
public abstract class UserDefinedFunction implements FunctionDefinition, Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * Returns an identifier for this function instance: the class name with {@code .} replaced by
     * {@code $}, followed by {@code $}; if the instance cannot be recreated from its class alone
     * (not exactly one declared constructor taking no arguments), the hex MD5 of its serialized
     * form is appended.
     */
    public final String functionIdentifier() {
        String base = getClass().getName().replace('.', '$') + "$";
        Constructor<?>[] ctors = getClass().getDeclaredConstructors();
        if (ctors.length == 1 && ctors[0].getParameterCount() == 0) {
            return base;
        }
        return base + md5Hex(serializeToBase64(this));
    }

    /** Called once before the first {@code eval}; does nothing by default. */
    public void open(FunctionContext context) throws Exception {}

    /** Called once after the last call; does nothing by default. */
    public void close() throws Exception {}

    @Override
    public abstract TypeInference getTypeInference(DataTypeFactory typeFactory);

    /** The simple class name; also the default {@code uid} of a process table function. */
    @Override
    public String toString() {
        return getClass().getSimpleName();
    }

    private static String serializeToBase64(Object o) {
        try (ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
            out.flush();
            return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.toByteArray());
        } catch (IOException e) {
            throw new ValidationException(
                    "Unable to serialize function '" + o.getClass().getName()
                            + "' to compute its identifier. Make all its fields serializable or transient.",
                    e);
        }
    }

    private static String md5Hex(String s) {
        try {
            byte[] digest = MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder(digest.length * 2);
            for (byte b : digest) {
                hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is required by every Java platform", e);
        }
    }
}
