# mx suite for building ccsampler inside a GraalVM checkout (next to graal/truffle and graal/tools).
#
# Usage, from a directory that holds a graal checkout and this repository side by side:
#   cd ccsampler && mx --dynamicimports /tools build && mx --dynamicimports /tools unittest ccsampler
#
# The Maven build (pom.xml) is the reference build and the only one CI runs; this file mirrors its
# instrument module for GraalVM developers. It is not exercised by the test suite here (no mx and no
# graal checkout are available on these machines), so treat it as a starting point.
suite = {
    "mxversion": "7.0.0",
    "name": "profiler",
    "version": "0.1.0",
    "release": False,
    "groupId": "dev.ccsampler",
    "url": "https://github.com/ccsampler/ccsampler",
    "developer": {"name": "ccsampler developers"},

    "imports": {
        "suites": [
            {"name": "truffle", "subdir": True, "urls": [{"url": "https://github.com/oracle/graal", "kind": "git"}]},
            {"name": "tools", "subdir": True, "urls": [{"url": "https://github.com/oracle/graal", "kind": "git"}]},
        ]
    },

    "libraries": {
        "JACKSON_CORE": {
            "moduleName": "com.fasterxml.jackson.core",
            "maven": {"groupId": "com.fasterxml.jackson.core", "artifactId": "jackson-core", "version": "2.20.1"},
            "digest": "",
        },
        "HDRHISTOGRAM": {
            "maven": {"groupId": "org.hdrhistogram", "artifactId": "HdrHistogram", "version": "2.2.2"},
            "digest": "",
        },
        "PROTOBUF_JAVA": {
            "maven": {"groupId": "com.google.protobuf", "artifactId": "protobuf-java", "version": "4.33.1"},
            "digest": "",
        },
        "JMC_FLIGHTRECORDER_WRITER": {
            "maven": {"groupId": "org.openjdk.jmc", "artifactId": "flightrecorder.writer", "version": "9.1.1"},
            "digest": "",
        },
    },

    "projects": {
        "dev.ccsampler": {
            "subDir": "instrument/src/main",
            "sourceDirs": ["java"],
            "resourceDirs": ["resources"],
            "dependencies": [
                "truffle:TRUFFLE_API",
                "sdk:POLYGLOT",
                "JACKSON_CORE",
                "HDRHISTOGRAM",
                "PROTOBUF_JAVA",
                "JMC_FLIGHTRECORDER_WRITER",
            ],
            "requires": ["jdk.jfr"],
            "annotationProcessors": ["truffle:TRUFFLE_DSL_PROCESSOR"],
            "javaCompliance": "21+",
            "checkstyle": None,
        },
    },

    "distributions": {
        "CCSAMPLER": {
            "moduleInfo": {"name": "dev.ccsampler"},
            "dependencies": ["dev.ccsampler"],
            "distDependencies": ["truffle:TRUFFLE_API"],
            "exclude": ["JACKSON_CORE", "HDRHISTOGRAM", "PROTOBUF_JAVA", "JMC_FLIGHTRECORDER_WRITER"],
            "description": "ccsampler: calling-context sampling profiler instrument for Truffle languages",
            "maven": True,
        },
    },
}
