"""mx commands of the ccsampler suite (see suite.py and docs/mx.md).

  mx ccsampler-unittest [--module instrument|languages-test] [--include <regex>] [-- <vm args>]
        runs the JUnit 5 tests of the instrument and of languages-test (Pace, cross-language with GraalJS) with the
        JUnit Platform, each module from its Maven module directory (the tests read files relative to it); all of
        them but the GraalPy, TruffleRuby and GraalWasm tests (not in the suite), GraalVersionsTest and MxSuiteTest (it runs mx)
  mx ccsampler-run [--ccsampler[=<format>]] [--ccsampler.<Option>=<value> ...] program.pace|program.js [args]
        runs a guest program under ccsampler, as `mx js --cpusampler program.js` does with GraalVM's sampler

`mx unittest` works too: the test distributions name the unit test config "ccsampler-jupiter" below, which
replaces mx's JUnit 4 runner by the suite's JUnit Platform runner. mx finds test classes by methods annotated
@Test, so classes that only have @TestFactory or @ParameterizedTest methods (PaceGoldenTest) run only with
`mx ccsampler-unittest`.
"""

import os
import re
from argparse import ArgumentParser, REMAINDER
from os.path import join, isdir

import mx
import mx_unittest

_suite = mx.suite('profiler')

# GraalVM source tree mode: with `mx --dynamicimports /truffle,/tools ...` the projects build against the
# truffle, sdk and tools suites of the graal checkout instead of these Maven libraries of suite.py.
# (suite.py must stay JSON-like, so the switch is made here, before mx reads the projects.)
_FROM_GRAAL = {
    'TRUFFLE_API_MAVEN': 'truffle:TRUFFLE_API',
    'POLYGLOT_MAVEN': 'sdk:POLYGLOT',
    'TRUFFLE_DSL_PROCESSOR_MAVEN': 'truffle:TRUFFLE_DSL_PROCESSOR',
    'TRUFFLE_RUNTIME_MAVEN': 'truffle:TRUFFLE_RUNTIME',
    'PROFILER_TOOL_MAVEN': 'tools:TRUFFLE_PROFILER',
    # GraalJS from Maven Central is built against Truffle 25.0.1 from Maven Central: not mixed with a source tree.
    'GRAALJS_LANGUAGE': None,
}

# The Maven libraries of GraalVM itself; with a graal checkout imported none of them may reach a class path
# (a distribution's class path holds the libraries it excludes from its jar).
_MAVEN_GRAALVM_LIBS = {'TRUFFLE_API_MAVEN', 'POLYGLOT_MAVEN', 'GRAAL_COLLECTIONS', 'GRAAL_NATIVEIMAGE', 'GRAAL_WORD',
                       'TRUFFLE_DSL_PROCESSOR_MAVEN', 'TRUFFLE_RUNTIME_MAVEN', 'TRUFFLE_COMPILER_MAVEN', 'GRAAL_JNIUTILS',
                       'GRAAL_COMPILER_MAVEN', 'PROFILER_TOOL_MAVEN', 'GRAAL_SHADOWED_JSON', 'GRAALJS_LANGUAGE', 'GRAAL_REGEX',
                       'GRAAL_SHADOWED_ICU4J', 'GRAAL_SHADOWED_XZ'}


def _graal_imported():
    return any(name in ('truffle', 'tools') for name, _ in mx.get_dynamic_imports())


def _use_graal_suites(suite_dict):
    projects = suite_dict.get('projects', {})
    for project in projects.values():
        for key in ('dependencies', 'annotationProcessors'):
            if key in project:
                project[key] = [_FROM_GRAAL.get(d, d) for d in project[key] if _FROM_GRAAL.get(d, d) is not None]
    for dist in suite_dict.get('distributions', {}).values():
        if 'exclude' in dist:
            dist['exclude'] = [d for d in dist['exclude'] if d not in _MAVEN_GRAALVM_LIBS]
        # The graal distributions the projects use stay separate jars: without them as distDependencies mx would
        # copy their classes into this distribution's jar.
        graal = []
        for name in dist.get('dependencies', []):
            for d in projects.get(name, {}).get('dependencies', []):
                if ':' in d and d not in graal:
                    graal.append(d)
        if graal:
            dist['distDependencies'] = dist.get('distDependencies', []) + graal


if _graal_imported():
    _use_graal_suites(_suite.suiteDict)


class ClasspathJavaProject(mx.JavaProject):
    """A Java project whose source directory also holds a module-info.java that only the Maven build compiles.

    mx compiles a project on the class path and hands javac every .java file it finds; the instrument's
    module-info.java (module dev.ccsampler, which the Maven jar carries) then fails with "module not found".
    This project leaves it out; the mx jars are class-path jars, as Maven's tests also use them.
    """

    def __init__(self, suite, name, deps, workingSets, theLicense=None, **attrs):
        d = join(suite.dir, attrs.pop('dir'))
        src_dirs = attrs.pop('sourceDirs')
        java_compliance = attrs.pop('javaCompliance')
        processors = attrs.pop('annotationProcessors', [])
        mx.JavaProject.__init__(self, suite, name, None, src_dirs, deps, java_compliance, workingSets, d, theLicense, **attrs)
        # What mx's suite loader does for a project without "class" (it skips that for custom classes).
        self.checkstyleProj = name
        self.checkPackagePrefix = True
        if processors:
            self.declaredAnnotationProcessors = processors

    def getBuildTask(self, args):
        jdk = mx.get_jdk(self.javaCompliance, tag=mx.DEFAULT_JDK_TAG, purpose='building ' + self.name)
        return _NoModuleInfoBuildTask(args, self, jdk)


class _NoModuleInfoBuildTask(mx.JavaBuildTask):
    def _collect_files(self):
        collected = super()._collect_files()
        for path in [f for f in self._javafiles if os.path.basename(f) == 'module-info.java']:
            del self._javafiles[path]
        return collected


_JUPITER_WRAPPER = 'dev.ccsampler.mx.junit.JupiterWrapper'
_MX_JUNIT_WRAPPER = 'com.oracle.mxtool.junit.MxJUnitWrapper'

# JVM arguments the Maven build gives every test JVM (pom.xml: truffle.jvm.args and surefire's argLine).
_BASE_VM_ARGS = ['-Xss8m', '-Dpolyglot.engine.WarnInterpreterOnly=false', '--enable-native-access=ALL-UNNAMED',
                 '--sun-misc-unsafe-memory-access=allow']

# The Graal JIT and what it needs, as the root pom copies them into target/jvmci for --upgrade-module-path.
_JVMCI_LIBS = ['GRAAL_COMPILER_MAVEN', 'GRAAL_WORD', 'GRAAL_COLLECTIONS', 'TRUFFLE_COMPILER_MAVEN']


def _truffle_vm_args():
    """JVM arguments for the optimizing Truffle runtime, as the Maven build runs the tests and the CLI.

    Standalone, the Graal compiler comes from Maven Central (GRAAL_COMPILER_MAVEN). With a graal checkout
    imported, the compiler suite is not imported, so guests run on Truffle's fallback runtime (interpreter
    only), as a plain JDK runs them."""
    if _graal_imported():
        return list(_BASE_VM_ARGS)
    jars = [mx.library(name).get_path(resolve=True) for name in _JVMCI_LIBS]
    return ['-XX:+UnlockExperimentalVMOptions', '-XX:+EnableJVMCI', '--upgrade-module-path=' + os.pathsep.join(jars)] + _BASE_VM_ARGS


# Test module -> (test distribution, test project, directory the tests run from, relative to the suite).
_MODULES = {
    'instrument': ('CCSAMPLER_TEST', 'dev.ccsampler.test', 'instrument'),
    'languages-test': ('CCSAMPLER_PACE_TEST', 'dev.ccsampler.pace.test', 'languages-test'),
}

# Every test class of both modules runs under mx except these: GraalPy, TruffleRuby and GraalWasm are not among the
# suite's libraries (their Maven artifacts are hundreds of MB more to download, and the JavaScript tests already cover
# a second guest language); GraalVersionsTest checks the Maven class path, which mx does not build.
_LEFT_OUT = {
    'instrument': [],
    'languages-test': [r'dev\.ccsampler\.crosslang\.GraalPyProfileTest', r'dev\.ccsampler\.crosslang\.RubyProfileTest',
                       r'dev\.ccsampler\.crosslang\.WasmProfileTest', r'dev\.ccsampler\.crosslang\.GraalVersionsTest'],
}

# Never run under mx: MxSuiteTest runs mx itself (and checks the suite against the Maven build's jars).
_NEVER_UNDER_MX = [r'dev\.ccsampler\.MxSuite.*']


class _JupiterUnittestConfig(mx_unittest.MxUnittestConfig):
    """Makes `mx unittest` run ccsampler's JUnit 5 tests: swaps MxJUnitWrapper (JUnit 4) for the suite's
    JUnit Platform runner, which takes the same arguments, and runs the JVM as if from the tests' Maven module
    directory (-Duser.dir, which java.nio.file resolves relative paths against)."""

    def __init__(self):
        super().__init__('ccsampler-jupiter')

    def apply(self, config):
        vm_args, main_class, main_class_args = config
        if main_class != _MX_JUNIT_WRAPPER:
            return config
        main_class_args = _leave_out(main_class_args)
        classes = _test_classes(main_class_args)
        modules = {_module_of(c) for c in classes}
        if len(modules) > 1:
            mx.abort('ccsampler: the selected tests come from both Maven modules ' + ', '.join(sorted(modules)) +
                     ', which read files relative to their own directory; select tests of one module '
                     '(e.g. `mx unittest dev.ccsampler.pace`) or run `mx ccsampler-unittest`')
        module = modules.pop() if modules else 'instrument'
        vm_args = vm_args + _truffle_vm_args() + ['-Duser.dir=' + join(_suite.dir, _MODULES[module][2])]
        return vm_args, _JUPITER_WRAPPER, main_class_args


# MxJUnitWrapper flags that take a value (mx_unittest.py); the rest of its arguments are test classes or an @file.
_FLAGS_WITH_VALUE = {'-JUnitMaxClassFailures', '-JUnitMaxTestTime', '-JUnitRecordPassed', '-JUnitRecordFailed',
                     '-JUnitJsonResults', '-JUnitRepeat', '-JUnitOpenPackages'}


def _class_args(main_class_args):
    """Yields (index, argument) for the arguments that name test classes or an @file."""
    skip = False
    for i, a in enumerate(main_class_args):
        if skip:
            skip = False
        elif a in _FLAGS_WITH_VALUE:
            skip = True
        elif not a.startswith('-'):
            yield i, a


def _left_out(test_class):
    name = test_class.split('#')[0]
    return any(re.fullmatch(regex, name) for regex in _NEVER_UNDER_MX + [r for rs in _LEFT_OUT.values() for r in rs])


def _leave_out(main_class_args):
    """Drops MxSuiteTest and the GraalPy tests from what mx unittest selected (mx writes the classes to an @file)."""
    for _, a in _class_args(main_class_args):
        if a.startswith('@'):
            with open(a[1:]) as fp:
                classes = [line.strip() for line in fp if line.strip()]
            kept = [c for c in classes if not _left_out(c)]
            for c in sorted(set(classes) - set(kept)):
                mx.log('ccsampler: leaving out ' + c + ' (it runs mx itself, or needs GraalPy, TruffleRuby or GraalWasm, which the suite does not have)')
            if not kept:
                mx.abort('ccsampler: no test left to run')
            with open(a[1:], 'w') as fp:
                fp.write('\n'.join(kept) + '\n')
        elif _left_out(a):
            mx.abort('ccsampler: ' + a + ' does not run under mx (it runs mx itself, or needs GraalPy, TruffleRuby or GraalWasm, which the suite does not have)')
    return main_class_args


def _test_classes(main_class_args):
    classes = []
    for _, a in _class_args(main_class_args):
        if a.startswith('@'):
            with open(a[1:]) as fp:
                classes += [line.strip() for line in fp if line.strip()]
        else:
            classes.append(a.split('#')[0])
    return classes


def _module_of(test_class):
    for module, (_, project_name, _) in _MODULES.items():
        project = mx.project(project_name)
        rel = test_class.split('#')[0].replace('.', os.sep) + '.java'
        if any(os.path.exists(join(src, rel)) for src in project.source_dirs()):
            return module
    mx.abort('ccsampler: cannot tell which module test class ' + test_class + ' belongs to')
    return None


mx_unittest.register_unittest_config(_JupiterUnittestConfig())


def mx_post_parse_cmd_line(opts):
    """`mx unittest` builds mx's JUNIT_TOOL, a module jar, against JAVA_HOME/jmods; JDKs built with JEP 493 (such as
    Temurin 25) have none, and mx then fails with "Missing directory containing JMOD files" unless told
    `--jmods-dir NO_JMODS`. Say it for the user when the JDK has no jmods and no --jmods-dir was given."""
    if not opts.jmods_dir:
        jdk = mx.get_jdk(tag=mx.DEFAULT_JDK_TAG)
        if not isdir(join(jdk.home, 'jmods')):
            opts.jmods_dir = 'NO_JMODS'


def ccsampler_unittest(args):
    """run the instrument's and Pace's JUnit 5 tests with the JUnit Platform"""
    parser = ArgumentParser(prog='mx ccsampler-unittest')
    parser.add_argument('--module', choices=sorted(_MODULES), action='append',
                        help='test module to run (repeatable; default: both)')
    parser.add_argument('--include', action='append', metavar='<regex>',
                        help='run the test classes whose fully qualified name matches <regex> (repeatable)')
    parser.add_argument('--verbose', action='store_true', help='print every test')
    parser.add_argument('vm_args', nargs=REMAINDER, metavar='-- <vm args>')
    parsed = parser.parse_args(args)
    vm_args = [a for a in parsed.vm_args if a != '--']
    modules = parsed.module or sorted(_MODULES)
    dists = [_MODULES[m][0] for m in modules]
    mx.command_function('build')(['--dependencies', ','.join(dists)])
    failed = []
    for module in modules:
        dist, project_name, module_dir = _MODULES[module]
        includes = parsed.include or [r'.*Test']
        wrapper_args = ['--scan', mx.project(project_name).output_dir()]
        for regex in includes:
            try:
                re.compile(regex)
            except re.error as e:
                mx.abort('ccsampler-unittest: --include ' + regex + ' is not a regular expression: ' + str(e))
            wrapper_args += ['--include', regex]
        for regex in _NEVER_UNDER_MX + _LEFT_OUT[module]:
            wrapper_args += ['--exclude', regex]
        if parsed.verbose:
            wrapper_args.insert(0, '-JUnitVerbose')
        jvm = ['-ea', '-esa'] + _truffle_vm_args() + vm_args + mx.get_runtime_jvm_args([dist]) + [_JUPITER_WRAPPER] + wrapper_args
        mx.log('ccsampler-unittest: module ' + module + ' (' + dist + '), from ' + join(_suite.dir, module_dir))
        rc = mx.run_java(jvm, cwd=join(_suite.dir, module_dir), nonZeroIsFatal=False)
        if rc != 0:
            failed.append(module)
    if failed:
        mx.abort('ccsampler-unittest: tests failed or none ran in ' + ', '.join(failed))


def ccsampler_run(args):
    """run a guest program (.pace, .js) under ccsampler: mx ccsampler-run [--ccsampler...] program [args]"""
    if not args or args[0] in ('-h', '--help'):
        mx.log('usage: mx ccsampler-run [-J<vm arg> ...] [--ccsampler[=<format>]] [--ccsampler.<Option>=<value> ...] '
               '[--<polyglot option>=<value> ...] program.pace|program.js [args ...]')
        mx.log('  e.g. mx ccsampler-run --ccsampler=calltree --ccsampler.Period=1ms languages-test/programs/three-callers.pace')
        return
    vm_args = [a[2:] for a in args if a.startswith('-J')]
    launcher_args = [a for a in args if not a.startswith('-J')]
    program = next((a for a in launcher_args if not a.startswith('--')), None)
    if program is None:
        mx.abort('ccsampler-run: no program given (a .pace or .js file)')
    if not os.path.isfile(program):
        mx.abort('ccsampler-run: program ' + program + ' does not exist or is not a file')
    names = ['CCSAMPLER_LAUNCHER']
    if program.endswith('.js') or program.endswith('.mjs'):
        if _graal_imported():
            mx.abort('ccsampler-run: JavaScript programs need GraalJS, which the suite takes from Maven Central in its '
                     'standalone mode only (without --dynamicimports /truffle,/tools): that GraalJS is built against '
                     "Maven's Truffle 25.0.1, not the graal checkout's")
        names.append('GRAALJS_LANGUAGE')
    mx.command_function('build')(['--dependencies', 'CCSAMPLER_LAUNCHER'])
    jvm = _truffle_vm_args() + vm_args + mx.get_runtime_jvm_args(names)
    rc = mx.run_java(jvm + ['dev.ccsampler.mx.launcher.GuestLauncher'] + launcher_args, nonZeroIsFatal=False)
    if rc != 0:
        # The launcher has said what went wrong (a bad option, a guest error); exit with the guest's status.
        mx.abort(rc)


mx.update_commands(_suite, {
    'ccsampler-unittest': [ccsampler_unittest, '[--module instrument|languages-test] [--include <regex>] [-- <vm args>]'],
    'ccsampler-run': [ccsampler_run, '[--ccsampler...] program.pace|program.js [args]'],
})
