package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.ImmutableList;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public API speaks {@code java.util} only: no Guava type in a public or protected signature
 * of any exported class of the library modules — the user-facing API and the op-author API
 * ({@code OpDef}, {@code OpContext}, {@code Attributes}, {@code FusedExpr}, {@code OpRegistry},
 * the op libraries) alike — so a user on another Guava version never meets ours. Every class
 * file of {@code runtime}, {@code ir}, {@code optimizer}, {@code codegen} and {@code frontend} is
 * scanned, found from its module's code source (a directory in the reactor, a jar when installed).
 */
class PublicApiTypesTest {
  /** One class of each library module: the scan reads every class beside it. */
  private static final List<Class<?>> MODULE_ANCHORS = List.of(
      dev.tatter.runtime.Tensor.class, dev.tatter.ir.Graph.class, dev.tatter.optimizer.PassManager.class,
      dev.tatter.codegen.Interpreter.class, GraphBuilder.class);

  @Test
  void noGuavaTypeInAPublicSignatureOfTheLibraryModules() throws Exception {
    List<String> offenders = new ArrayList<>();
    Set<String> scanned = new TreeSet<>();
    for (Class<?> anchor : MODULE_ANCHORS) {
      for (String name : classNames(anchor)) {
        Class<?> c = Class.forName(name, false, anchor.getClassLoader());
        if (exported(c)) {
          scanned.add(c.getName());
          offenders.addAll(guavaInSignatures(c));
        }
      }
    }
    // The scan must have seen the op-author API, or it proves nothing.
    for (Class<?> mustSee : List.of(dev.tatter.ir.OpContext.class, dev.tatter.ir.OpDef.class,
        dev.tatter.ir.Attributes.class, dev.tatter.ir.ops.FusedExpr.class, dev.tatter.ir.ops.FusedExpr.Step.class,
        dev.tatter.ir.ops.OpRegistry.class, dev.tatter.ir.ops.ElementwiseOps.class, dev.tatter.ir.Node.class,
        dev.tatter.ir.types.DenseType.class, dev.tatter.runtime.Tensor.class, dev.tatter.optimizer.FusePass.class,
        dev.tatter.codegen.BytecodeCompiler.class, Session.class, Value.class)) {
      assertTrue(scanned.contains(mustSee.getName()), "the scan did not see " + mustSee.getName());
    }
    assertEquals(List.of(), offenders);
  }

  /** A public class as an op author could write it, to show the check catches each kind of leak. */
  public record LeakyRecord(ImmutableList<String> names) {
    public static final ImmutableList<Long> SIZES = ImmutableList.of();

    public LeakyRecord(java.util.Map<String, ImmutableList<Long>> byName, int unused) {
      this(ImmutableList.of());
    }

    public static List<ImmutableList<Long>> nested() {
      return List.of();
    }

    protected void takes(ImmutableList<Long> x) {}

    private ImmutableList<Long> hidden() {
      return ImmutableList.of();
    }
  }

  @Test
  void guavaInSignatures_findsComponentsFieldsConstructorsNestedTypeArgumentsAndProtectedMembers() {
    List<String> found = guavaInSignatures(LeakyRecord.class);
    assertEquals(Set.of("LeakyRecord.names", "LeakyRecord.SIZES", "LeakyRecord.<init>", "LeakyRecord.nested",
            "LeakyRecord.takes"),
        found.stream().map(s -> s.substring(0, s.indexOf(':'))).map(s -> s.replace(" parameter", ""))
            .collect(java.util.stream.Collectors.toSet()),
        found.toString());
  }

  static List<String> guavaInSignatures(Class<?> c) {
    List<String> offenders = new ArrayList<>();
    String owner = c.getSimpleName();
    check(owner + " superclass", c.getGenericSuperclass(), offenders);
    for (Type t : c.getGenericInterfaces()) {
      check(owner + " interface", t, offenders);
    }
    for (Method m : c.getDeclaredMethods()) {
      if (visible(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
        check(owner + "." + m.getName(), m.getGenericReturnType(), offenders);
        for (Type p : m.getGenericParameterTypes()) {
          check(owner + "." + m.getName() + " parameter", p, offenders);
        }
        for (Type e : m.getGenericExceptionTypes()) {
          check(owner + "." + m.getName() + " throws", e, offenders);
        }
      }
    }
    for (Constructor<?> k : c.getDeclaredConstructors()) {
      if (visible(k.getModifiers()) && !k.isSynthetic()) {
        for (Type p : k.getGenericParameterTypes()) {
          check(owner + ".<init> parameter", p, offenders);
        }
      }
    }
    for (Field f : c.getDeclaredFields()) {
      if (visible(f.getModifiers()) && !f.isSynthetic()) {
        check(owner + "." + f.getName(), f.getGenericType(), offenders);
      }
    }
    return offenders;
  }

  private static boolean visible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  /** Public, and so are all the classes it is nested in (a local or anonymous class never is). */
  private static boolean exported(Class<?> c) {
    for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
      if (!Modifier.isPublic(k.getModifiers()) || k.isAnonymousClass() || k.isLocalClass()) {
        return false;
      }
    }
    return true;
  }

  private static void check(String where, Type type, List<String> offenders) {
    if (type != null && type.getTypeName().contains("com.google.common")) {
      offenders.add(where + ": " + type.getTypeName());
    }
  }

  /** The binary names of every class in the directory or jar {@code anchor} was loaded from. */
  private static List<String> classNames(Class<?> anchor) throws IOException, URISyntaxException {
    Path root = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> entries = new ArrayList<>();
    if (Files.isDirectory(root)) {
      try (Stream<Path> files = Files.walk(root)) {
        files.filter(Files::isRegularFile).forEach(p -> entries.add(root.relativize(p).toString().replace('\\', '/')));
      }
    } else {
      try (JarFile jar = new JarFile(root.toFile())) {
        jar.stream().forEach(e -> entries.add(e.getName()));
      }
    }
    List<String> names = new ArrayList<>();
    for (String entry : entries) {
      if (entry.endsWith(".class") && !entry.endsWith("module-info.class") && !entry.startsWith("META-INF/")) {
        names.add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
      }
    }
    assertTrue(names.size() > 10, "no classes found beside " + anchor + " in " + root);
    return names;
  }
}
