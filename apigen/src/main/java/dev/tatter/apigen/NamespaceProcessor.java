package dev.tatter.apigen;

import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.OpRegistry;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.StandardLocation;

/**
 * Writes the user API's TF namespaces while {@code tatter-frontend} compiles: the class {@code Ops}
 * ({@code tf.gather}, ...) with one field per namespace ({@code tf.math}, {@code tf.strings}, ...),
 * each a generated class whose methods are derived from two sources, so that no list of names is
 * kept by hand:
 *
 * <ul>
 *   <li>every hand-written builder method annotated {@code @TfApi("tf.ns.name")} (the sugar a TF
 *       function needs: dispatch on ragged or sparse operands, Java conveniences), called by a
 *       generated method of that name ({@link ForwardMethods});
 *   <li>every op whose {@link dev.tatter.ir.TfBinding} lists an API path no such method claims,
 *       called directly ({@link OpMethods}): adding an op with its binding adds its method.
 * </ul>
 *
 * <p>It also checks that each public method of {@code Value} and {@code GraphBuilder} names its TF
 * counterpart ({@code @TfApi}) or why it has none ({@code @NoTfCounterpart}), and writes {@code
 * api-index.tsv} (path, Java usage, what it calls), from which the README's name table is drawn.
 * It runs only on the compilation that holds {@code GraphBuilder}'s source.
 */
@SupportedAnnotationTypes("*")
public final class NamespaceProcessor extends AbstractProcessor {
  private static final String TF_API = ForwardMethods.PACKAGE + ".TfApi";
  private static final String NO_TF = ForwardMethods.PACKAGE + ".NoTfCounterpart";
  private static final String TF_DISPATCH = ForwardMethods.PACKAGE + ".TfDispatch";
  private boolean done;

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    if (done || round.getRootElements().stream().noneMatch(e -> e instanceof TypeElement t
        && t.getQualifiedName().contentEquals(ForwardMethods.GRAPH_BUILDER))) {
      return false;
    }
    done = true;
    try {
      generate(round);
    } catch (IOException | RuntimeException e) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, "the TF namespaces could not be generated: " + e);
    }
    return false;
  }

  private void generate(RoundEnvironment round) throws IOException {
    TypeElement tfApi = processingEnv.getElementUtils().getTypeElement(TF_API);
    checkEveryPublicMethodIsBound(round);
    Namespace root = new Namespace(List.of());
    List<String> index = new ArrayList<>();
    Map<String, List<OpDef>> opsByPath = new LinkedHashMap<>();
    for (OpDef op : OpRegistry.ALL) {
      for (String path : op.tf().apis()) {
        opsByPath.computeIfAbsent(path, p -> new ArrayList<>()).add(op);
      }
    }
    Map<String, String> claimed = new TreeMap<>();
    ForwardMethods forwards = new ForwardMethods(processingEnv.getElementUtils());
    for (Element e : round.getElementsAnnotatedWith(tfApi)) {
      ExecutableElement method = (ExecutableElement) e;
      for (String text : paths(method)) {
        ApiPath path;
        try {
          path = ApiPath.parse(text);
          claimed.put(text, method.getEnclosingElement().getSimpleName() + "." + method.getSimpleName());
          if (path.isClassMember()) {
            checkPublicMember(method, text);
            index.add(row(text, ForwardMethods.memberUsage(method), "builder", claimed.get(text), opsByPath));
            continue;
          }
          ApiMethod m = forwards.method(method, path);
          root.add(m);
          index.add(row(text, m.usage(), "builder", m.target(), opsByPath));
        } catch (IllegalArgumentException ex) {
          error(method, text + ": " + ex.getMessage());
        }
      }
    }
    OpMethods opMethods = new OpMethods();
    Map<String, ExecutableElement> dispatchers = new TreeMap<>();
    TypeElement tfDispatch = processingEnv.getElementUtils().getTypeElement(TF_DISPATCH);
    for (Element e : round.getElementsAnnotatedWith(tfDispatch)) {
      dispatchers.put(stringValue(e, TF_DISPATCH), (ExecutableElement) e);
    }
    for (Map.Entry<String, List<OpDef>> entry : opsByPath.entrySet()) {
      ApiPath path = ApiPath.parse(entry.getKey());
      if (claimed.containsKey(entry.getKey()) || path.isClassMember()) {
        continue;
      }
      if (entry.getValue().size() > 1) {
        error(null, entry.getKey() + " is listed by the ops " + entry.getValue() + " and claimed by no @TfApi method: "
            + "write the builder method that chooses among them, or list the path on one op only");
        continue;
      }
      OpDef op = entry.getValue().get(0);
      ExecutableElement dispatcher = dispatcherOf(dispatchers, op.mnemonic());
      try {
        List<ApiMethod> methods = dispatcher == null ? opMethods.methods(op, path)
            : List.of(forwards.dispatched(dispatcher, op, opMethods.constant(op), path, OpMethods.javadoc(op, path)));
        for (ApiMethod m : methods) {
          root.add(m);
          index.add(row(entry.getKey(), m.usage(), dispatcher == null ? "op" : "builder", m.target(), opsByPath));
        }
      } catch (IllegalArgumentException ex) {
        error(dispatcher, entry.getKey() + ": " + ex.getMessage());
      }
    }
    for (String clash : root.clashes()) {
      error(null, clash);
    }
    root.write(processingEnv.getFiler());
    writeIndex(index);
  }

  private static String row(String path, String usage, String kind, String target, Map<String, List<OpDef>> opsByPath) {
    List<String> ops = opsByPath.getOrDefault(path, List.of()).stream().map(OpDef::mnemonic).toList();
    return String.join("\t", path, usage, kind, target, String.join(",", ops));
  }

  private void writeIndex(List<String> rows) throws IOException {
    var file = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, ForwardMethods.PACKAGE, "api-index.tsv");
    try (Writer w = file.openWriter()) {
      w.write("# path\tjava\tkind\tcalls\tops listing the path (generated while tatter-frontend compiles)\n");
      for (String r : rows.stream().sorted().toList()) {
        w.write(r + "\n");
      }
    }
  }

  /** The @TfDispatch method serving {@code mnemonic} (an exact pattern, or a prefix ending in *), if any. */
  private static ExecutableElement dispatcherOf(Map<String, ExecutableElement> dispatchers, String mnemonic) {
    for (Map.Entry<String, ExecutableElement> d : dispatchers.entrySet()) {
      String pattern = d.getKey();
      if (pattern.endsWith("*") ? mnemonic.startsWith(pattern.substring(0, pattern.length() - 1)) : mnemonic.equals(pattern)) {
        return d.getValue();
      }
    }
    return null;
  }

  private static String stringValue(Element e, String annotation) {
    for (AnnotationMirror a : e.getAnnotationMirrors()) {
      if (((TypeElement) a.getAnnotationType().asElement()).getQualifiedName().contentEquals(annotation)) {
        for (var entry : a.getElementValues().entrySet()) {
          return (String) entry.getValue().getValue();
        }
      }
    }
    throw new IllegalStateException(e + " has no " + annotation);
  }

  private List<String> paths(ExecutableElement method) {
    List<String> out = new ArrayList<>();
    for (AnnotationMirror a : method.getAnnotationMirrors()) {
      if (((TypeElement) a.getAnnotationType().asElement()).getQualifiedName().contentEquals(TF_API)) {
        for (var entry : a.getElementValues().entrySet()) {
          Object v = entry.getValue().getValue();
          if (v instanceof List<?> list) {
            list.forEach(x -> out.add((String) ((AnnotationValue) x).getValue()));
          } else {
            out.add((String) v);
          }
        }
      }
    }
    return out;
  }

  /** Each public method of Value and GraphBuilder says which TF call it follows, or why none. */
  private void checkEveryPublicMethodIsBound(RoundEnvironment round) {
    for (String owner : List.of(ForwardMethods.VALUE, ForwardMethods.GRAPH_BUILDER)) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(owner);
      for (Element e : type.getEnclosedElements()) {
        if (e.getKind() == ElementKind.METHOD && e.getModifiers().contains(Modifier.PUBLIC)
            && !has(e, TF_API) && !has(e, NO_TF) && !isObjectMethod((ExecutableElement) e)) {
          error(e, owner + "." + e.getSimpleName() + " is public but names no TF call: annotate it @TfApi(\"tf....\") "
              + "or @NoTfCounterpart(\"why\")");
        }
      }
    }
  }

  private void checkPublicMember(ExecutableElement method, String path) {
    String owner = ((TypeElement) method.getEnclosingElement()).getQualifiedName().toString();
    if (!method.getModifiers().contains(Modifier.PUBLIC)
        || !(owner.equals(ForwardMethods.VALUE) || owner.equals(ForwardMethods.GRAPH_BUILDER))) {
      throw new IllegalArgumentException("a TF class member (" + path + ") is reached as a public method of Value or "
          + "GraphBuilder; this method is not one");
    }
  }

  private static boolean isObjectMethod(ExecutableElement e) {
    String name = e.getSimpleName().toString();
    return (name.equals("toString") || name.equals("hashCode")) && e.getParameters().isEmpty()
        || name.equals("equals") && e.getParameters().size() == 1;
  }

  private static boolean has(Element e, String annotation) {
    return e.getAnnotationMirrors().stream()
        .anyMatch(a -> ((TypeElement) a.getAnnotationType().asElement()).getQualifiedName().contentEquals(annotation));
  }

  private void error(Element e, String message) {
    processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, e);
  }
}
